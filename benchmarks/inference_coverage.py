"""Coverage of DeLong (and bootstrap) intervals of the weighted AUC, the size
and power of DeLong's tests, and where the warnings start, by simulation.

Population: negatives score N(0, 1), positives N(delta, 1), so the AUC is
Phi(delta / sqrt 2).  Samples are drawn from a proposal shifted by c in
each class (N(c, 1), N(delta + c, 1)) and weighted back by the density
ratio w = exp(-c e - c^2 / 2) (e the standard normal noise of the draw):
importance weights, log-normal with sd c, whose weighted AUC is a
consistent estimate of the population AUC.  c = 0 gives unit weights.
Frequency weights: individuals with scores rounded to 0.5, identical rows
aggregated into one row counting them.

Studies (the "study" column):
* interval: coverage of 95% intervals, DeLong with each quantile (auto is
  the default: pROC's normal for unit and frequency weights, Student t
  with Satterthwaite's degrees of freedom for importance weights), the
  linearised variance with Student t (which the package does not use: for
  comparison) and the bootstrap; "warned" is the share of samples where
  auc_ci warned.
* grid: the default interval over weight skew x sample size, to place the
  warning (squared weights' Kish size below 15).
* paired test, unpaired test: rejection rates of roc_test at 5%.

    python benchmarks/inference_coverage.py           # >= 2000 replicates a setting
    python benchmarks/inference_coverage.py --quick   # 300, to try it

Writes benchmarks/results/inference_coverage.csv and .png.
"""

import argparse
import time
import warnings
from math import erf, sqrt
from pathlib import Path

import numpy as np
import pandas as pd

import weightedroc as wr
from weightedroc.inference import bootstrap

RESULTS = Path(__file__).parent / "results"
DELTA = 1.0
# (setting, positives, negatives, weight shift c or "frequency")
INTERVALS = [
    ("unit weights, 2 x 10", 10, 10, 0.0),
    ("unit weights, 2 x 30", 30, 30, 0.0),
    ("unit weights, 2 x 100", 100, 100, 0.0),
    ("unit weights, 2 x 1000", 1000, 1000, 0.0),
    ("imbalance: 20 vs 1000", 20, 1000, 0.0),
    ("frequency weights, 2 x 100 rounded", 100, 100, "frequency"),
    ("skewed weights (sd 0.5), 2 x 100", 100, 100, 0.5),
    ("skewed weights (sd 1), 2 x 300", 300, 300, 1.0),
    ("skewed weights (sd 1), 2 x 3000", 3000, 3000, 1.0),
    ("skewed weights (sd 1), 2 x 100", 100, 100, 1.0),
    ("extreme weights (sd 2), 2 x 100", 100, 100, 2.0),
]
GRID_SHIFTS = (0.5, 0.75, 1.0, 1.25, 1.5)
GRID_SIZES = (30, 100, 300, 1000)
# (study, setting, delta of curve 2, weight shift c, observations per class)
TESTS = [
    ("paired test", "size, unit weights", DELTA, 0.0, 100),
    ("paired test", "power, unit weights", 0.6, 0.0, 100),
    ("paired test", "size, skewed weights (sd 0.5)", DELTA, 0.5, 100),
    ("paired test", "power, skewed weights (sd 0.5)", 0.6, 0.5, 100),
    ("paired test", "size, skewed weights (sd 1)", DELTA, 1.0, 300),
    ("paired test", "power, skewed weights (sd 1)", 0.6, 1.0, 300),
    ("unpaired test", "size, unit weights", DELTA, 0.0, 100),
    ("unpaired test", "power, unit weights", 0.4, 0.0, 100),
    ("unpaired test", "size, skewed weights (sd 0.5)", DELTA, 0.5, 100),
    ("unpaired test", "power, skewed weights (sd 0.5)", 0.4, 0.5, 100),
]
RHO = 0.5  # correlation of the two scores' noise (paired)
STEP = 0.5  # rounding of the frequency-weighted setting's scores


def phi(x):
    return 0.5 * (1 + erf(x / sqrt(2)))


def rounded_auc(step=STEP):
    """P(X > Y) + P(X = Y) / 2 for X, Y the rounded N(DELTA, 1), N(0, 1)."""
    grid = np.arange(-12, 14, step)

    def masses(mean):
        return np.array([phi(g + step / 2 - mean) - phi(g - step / 2 - mean) for g in grid])

    x, y = masses(DELTA), masses(0.0)
    below = np.concatenate([[0.0], np.cumsum(y)[:-1]])
    return float(np.sum(x * (below + y / 2)))


def draw_class(rng, size, mean, shift, delta2=None):
    """Scores (and a second, correlated score) of one class, with weights."""
    e = rng.normal(size=size)
    w = np.exp(-shift * e - shift**2 / 2)
    if delta2 is None:
        return mean + shift + e, w
    # Second score: correlated noise, shifted in the proposal too; the
    # weight is the bivariate density ratio.
    e2 = RHO * e + sqrt(1 - RHO**2) * rng.normal(size=size)
    c = np.array([shift, shift])
    inverse = np.linalg.inv(np.array([[1, RHO], [RHO, 1]]))
    noise = np.stack([e, e2], axis=1)
    w = np.exp(-noise @ inverse @ c - c @ inverse @ c / 2)
    return DELTA * (mean > 0) + shift + e, delta2 * (mean > 0) + shift + e2, w


def draw_sample(rng, m, n, shift):
    """guess, label, weight, weights_are of one sample of a setting."""
    if shift == "frequency":
        guess = np.round(np.concatenate([rng.normal(DELTA, 1, m), rng.normal(0, 1, n)]) / STEP)
        rows = pd.DataFrame({"g": guess * STEP, "y": np.repeat([1, 0], [m, n])})
        counts = rows.groupby(["g", "y"]).size().reset_index(name="w")
        return (
            counts["g"].to_numpy(),
            counts["y"].to_numpy(),
            counts["w"].to_numpy(float),
            "frequency",
        )
    gp, wp = draw_class(rng, m, DELTA, shift)
    gn, wn = draw_class(rng, n, 0.0, shift)
    weight = None if shift == 0 else np.concatenate([wp, wn])
    return np.concatenate([gp, gn]), np.repeat([1, 0], [m, n]), weight, "importance"


def interval(guess, label, weight, weights_are, **options):
    """auc_ci and whether it warned."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", UserWarning)
        ci = wr.auc_ci(guess, label, weight, weights_are=weights_are, **options)
    return ci, bool(caught)


def linearised_interval(guess, label, weight, truth):
    """Whether the Student t interval on the linearised (influence-function)
    variance holds `truth`, and its width: the variance the package does not
    use, kept to show why (terms m/(m-1) z_i^2, z_i = w_i (V_i - A) / W1)."""
    from statistics import NormalDist

    from scipy.special import stdtrit

    from weightedroc.inference.checks import prepared
    from weightedroc.inference.placements import placements

    g, y, w = prepared(guess, label, weight, None, "<", "importance")
    p = placements(g, y, w)
    total = np.where(p.positive, p.total[0], p.total[1])
    size = np.where(p.positive, p.sizes[0], p.sizes[1])
    z = p.weight * (p.value - p.auc) / total
    terms = size / (size - 1) * z * z
    variance, df = terms.sum(), terms.sum() ** 2 / np.sum(terms**2)
    q = stdtrit(df, 0.975) if np.isfinite(df) else NormalDist().inv_cdf(0.975)
    half = q * sqrt(variance)
    estimate = wr.auc_score(guess, label, weight)
    return abs(estimate - truth) <= half, min(estimate + half, 1) - max(estimate - half, 0)


def rate_row(study, setting, method, hits, **more):
    rate = float(np.mean(hits))
    return {
        "study": study,
        "setting": setting,
        "method": method,
        "replicates": len(hits),
        "rate": rate,
        "mc_se": sqrt(rate * (1 - rate) / len(hits)),
        **more,
    }


def interval_rows(rng, reps, boot_reps, n_boot):
    rows = []
    for name, m, n, shift in INTERVALS:
        truth = rounded_auc() if shift == "frequency" else phi(DELTA / sqrt(2))
        weighted = shift not in (0.0, "frequency")
        quantiles = ["auto", "normal" if weighted else "t"]
        hits = {q: [] for q in quantiles}
        if weighted:
            hits["linearised t"] = []
        hits["bootstrap"] = []
        widths = {q: [] for q in hits}
        warned, kish, squares, estimates, start = [], [], [], [], time.process_time()
        # Bootstrap replicates cost n_boot x n each: fewer of them for large n.
        boot_here = min(boot_reps, max(100, int(4e8 // ((m + n) * n_boot))))
        for r in range(reps):
            guess, label, weight, weights_are = draw_sample(rng, m, n, shift)
            if weighted:
                wp = weight[label == 1]
                kish.append(wp.sum() ** 2 / (wp**2).sum())
                squares.append((wp**2).sum() ** 2 / (wp**4).sum())
            for q in quantiles:
                ci, said = interval(guess, label, weight, weights_are, quantile=q)
                hits[q].append(ci.conf_low <= truth <= ci.conf_high)
                widths[q].append(ci.conf_high - ci.conf_low)
                if q == "auto":
                    warned.append(said)
                    estimates.append(ci.estimate)
            if weighted:
                hit, width = linearised_interval(guess, label, weight, truth)
                hits["linearised t"].append(hit)
                widths["linearised t"].append(width)
            if r < boot_here:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", UserWarning)
                    ci = bootstrap.bootstrap_interval(
                        guess, label, weight, n_boot=n_boot, seed=r, weights_are=weights_are
                    )
                hits["bootstrap"].append(ci.conf_low <= truth <= ci.conf_high)
                widths["bootstrap"].append(ci.conf_high - ci.conf_low)
        for method in hits:
            rows.append(
                rate_row(
                    "interval",
                    name,
                    method if method == "bootstrap" else f"delong {method}",
                    hits[method],
                    positives=m,
                    negatives=n,
                    weight_sd=0.0 if shift == "frequency" else shift,
                    kish_positives=np.mean(kish) if kish else m,
                    squares_kish_positives=np.median(squares) if squares else m,
                    mean_width=np.mean(widths[method]),
                    median_width=np.median(widths[method]),
                    target=0.95,
                    warned=np.mean(warned) if method == "auto" else np.nan,
                    bias=np.mean(estimates) - truth,
                    sd_of_estimates=np.std(estimates, ddof=1),
                )
            )
        print(f"{name}: {time.process_time() - start:.1f} s CPU", flush=True)
    return rows


def grid_rows(rng, reps):
    rows = []
    truth = phi(DELTA / sqrt(2))
    for shift in GRID_SHIFTS:
        for size in GRID_SIZES:
            hits, warned, squares = [], [], []
            for _ in range(reps):
                guess, label, weight, _ = draw_sample(rng, size, size, shift)
                ci, said = interval(guess, label, weight, "importance")
                hits.append(ci.conf_low <= truth <= ci.conf_high)
                warned.append(said)
                squares.append(
                    min(
                        (w**2).sum() ** 2 / (w**4).sum()
                        for w in (weight[label == 1], weight[label == 0])
                    )
                )
            unwarned = np.array(hits)[~np.array(warned)]
            rows.append(
                rate_row(
                    "grid",
                    f"sd {shift:g}, 2 x {size}",
                    "delong auto",
                    hits,
                    positives=size,
                    negatives=size,
                    weight_sd=shift,
                    squares_kish_positives=np.median(squares),
                    warned=np.mean(warned),
                    target=0.95,
                    rate_unwarned=np.mean(unwarned) if len(unwarned) else np.nan,
                    unwarned=len(unwarned),
                )
            )
    return rows


def test_rows(rng, reps):
    rows = []
    for study, name, delta2, shift, size in TESTS:
        # The paired test with weights also with Student's t.
        quantiles = ["auto", "t"] if study == "paired test" and shift else ["auto"]
        rejected = {q: [] for q in quantiles}
        for _ in range(reps):
            if study == "paired test":
                p1, p2, wp = draw_class(rng, size, DELTA, shift, delta2)
                n1, n2, wn = draw_class(rng, size, 0.0, shift, delta2)
                label = np.repeat([1, 0], size)
                weight = None if shift == 0 else np.concatenate([wp, wn])
                args = (np.concatenate([p1, n1]), np.concatenate([p2, n2]), label, weight)
                options = {}
            else:
                g1, l1, w1, _ = draw_sample(rng, size, size, shift)
                g2p, w2p = draw_class(rng, size, delta2, shift)
                g2n, w2n = draw_class(rng, size, 0.0, shift)
                g2 = np.concatenate([g2p, g2n])
                w2 = None if shift == 0 else np.concatenate([w2p, w2n])
                args = (g1, g2, l1, w1)
                options = {"label2": l1.copy(), "weight2": w2, "paired": False}
            for q in quantiles:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", UserWarning)
                    test = wr.roc_test(*args, **options, quantile=q)
                rejected[q].append(test.p_value < 0.05)
        for q in quantiles:
            rows.append(
                rate_row(
                    study,
                    name,
                    f"delong {q}",
                    rejected[q],
                    positives=size,
                    negatives=size,
                    weight_sd=shift,
                    target=0.05 if delta2 == DELTA else np.nan,
                    auc_difference=phi(DELTA / sqrt(2)) - phi(delta2 / sqrt(2)),
                )
            )
    return rows


def coverage_plot(data):
    """Coverage of each setting and method, +- 2 Monte Carlo SE (plotnine)."""
    import plotnine as p9

    settings = list(data["setting"].unique())
    offsets = {
        "delong auto": 0.24,
        "delong normal": 0.08,
        "delong t": 0.08,
        "delong linearised t": -0.08,
        "bootstrap": -0.24,
    }
    data = data.assign(
        low=data["rate"] - 2 * data["mc_se"],
        high=data["rate"] + 2 * data["mc_se"],
        y=[
            len(settings) - settings.index(s) + offsets[m]
            for s, m in zip(data["setting"], data["method"])
        ],
    )
    return (
        p9.ggplot(data, p9.aes("rate", "y", color="method"))
        + p9.geom_vline(xintercept=0.95, linetype="dashed")
        + p9.geom_segment(p9.aes(x="low", xend="high", yend="y"))
        + p9.geom_point()
        + p9.scale_y_continuous(breaks=list(range(len(settings), 0, -1)), labels=settings)
        + p9.scale_color_manual(
            values={
                "delong auto": "#0072B2",
                "delong normal": "#D55E00",
                "delong t": "#009E73",
                "delong linearised t": "#CC79A7",
                "bootstrap": "#999999",
            }
        )
        + p9.labs(x="coverage of the 95% interval (+- 2 Monte Carlo SE)", y="", color="")
        + p9.theme_bw(base_size=12)
        + p9.theme(figure_size=(9, 6), legend_position="top")
    )


def plot(table, path):
    coverage_plot(table[table["study"] == "interval"]).save(path, dpi=90, verbose=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="300 replicates, to try it")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    reps = 300 if args.quick else 2000
    boot_reps, n_boot = (100, 200) if args.quick else (1000, 500)
    rng = np.random.default_rng(args.seed)
    start = time.process_time()
    rows = interval_rows(rng, reps, boot_reps, n_boot)
    rows += grid_rows(rng, reps // 2) + test_rows(rng, reps)
    table = pd.DataFrame(rows)
    RESULTS.mkdir(exist_ok=True)
    suffix = "_quick" if args.quick else ""
    table.to_csv(RESULTS / f"inference_coverage{suffix}.csv", index=False, float_format="%.6g")
    plot(table, RESULTS / f"inference_coverage{suffix}.png")
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(table.drop(columns=["study"]).to_string(index=False))
    print(f"total {time.process_time() - start:.0f} s CPU")


if __name__ == "__main__":
    main()
