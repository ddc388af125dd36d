"""Coverage of DeLong (and bootstrap) intervals of the weighted AUC, and the
size and power of the paired DeLong test, by simulation.

Population: negatives score N(0, 1), positives N(delta, 1), so the AUC is
Phi(delta / sqrt 2).  Samples are drawn from a proposal shifted by c in
each class (N(c, 1), N(delta + c, 1)) and weighted back by the density
ratio w = exp(-c e - c^2 / 2) (e the standard normal noise of the draw):
importance weights, log-normal with sd c, whose weighted AUC is a
consistent estimate of the population AUC.  c = 0 gives unit weights.

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
# (setting, positives, negatives, weight shift c)
INTERVALS = [
    ("unit weights, n = 2 x 50", 50, 50, 0.0),
    ("small: 2 x 10", 10, 10, 0.0),
    ("large: 2 x 1000", 1000, 1000, 0.0),
    ("imbalance: 20 vs 1000", 20, 1000, 0.0),
    ("skewed weights (sd 0.5), 2 x 100", 100, 100, 0.5),
    ("skewed weights (sd 1), 2 x 300", 300, 300, 1.0),
    ("skewed weights (sd 1), 2 x 3000", 3000, 3000, 1.0),
    ("extreme weights (sd 2), 2 x 100", 100, 100, 2.0),
]
# (setting, delta of score 2, weight shift c) for the paired test; score 1 has DELTA
TESTS = [
    ("size, unit weights", DELTA, 0.0),
    ("power, unit weights", 0.6, 0.0),
    ("size, skewed weights (sd 0.5)", DELTA, 0.5),
    ("power, skewed weights (sd 0.5)", 0.6, 0.5),
]
TEST_N = 100  # positives and negatives each
RHO = 0.5  # correlation of the two scores' noise


def phi(x):
    return 0.5 * (1 + erf(x / sqrt(2)))


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


def interval_rows(rng, reps, boot_reps, n_boot):
    rows = []
    truth = phi(DELTA / sqrt(2))
    for name, m, n, shift in INTERVALS:
        hits = {"delong": [], "bootstrap": []}
        widths = {"delong": [], "bootstrap": []}
        kish, estimates, variances, start = [], [], [], time.process_time()
        # Bootstrap replicates cost n_boot x n each: fewer of them for large n.
        boot_here = min(boot_reps, max(100, int(4e8 // ((m + n) * n_boot))))
        for r in range(reps):
            gp, wp = draw_class(rng, m, DELTA, shift)
            gn, wn = draw_class(rng, n, 0.0, shift)
            guess, label = np.concatenate([gp, gn]), np.repeat([1, 0], [m, n])
            weight = None if shift == 0 else np.concatenate([wp, wn])
            kish.append(wp.sum() ** 2 / (wp**2).sum())
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                cis = [("delong", wr.auc_ci(guess, label, weight))]
                estimates.append(cis[0][1].estimate)
                variances.append(wr.auc_var(guess, label, weight))
                if r < boot_here:
                    cis.append(
                        ("bootstrap", bootstrap.auc_ci(guess, label, weight, n_boot=n_boot, seed=r))
                    )
            for method, ci in cis:
                hits[method].append(ci.lower <= truth <= ci.upper)
                widths[method].append(ci.upper - ci.lower)
        for method in hits:
            if hits[method]:
                cover = np.mean(hits[method])
                rows.append(
                    {
                        "study": "interval",
                        "setting": name,
                        "positives": m,
                        "negatives": n,
                        "weight_sd": shift,
                        "kish_positives": np.mean(kish),
                        "method": method,
                        "replicates": len(hits[method]),
                        "rate": cover,
                        "mc_se": sqrt(cover * (1 - cover) / len(hits[method])),
                        "mean_width": np.mean(widths[method]),
                        "target": 0.95,
                        "bias": np.mean(estimates) - truth,
                        "sd_of_estimates": np.std(estimates, ddof=1),
                        "rms_delong_se": sqrt(np.mean(variances)),
                    }
                )
        print(f"{name}: {time.process_time() - start:.1f} s CPU", flush=True)
    return rows


def test_rows(rng, reps):
    rows = []
    for name, delta2, shift in TESTS:
        rejected = []
        for _ in range(reps):
            p1, p2, wp = draw_class(rng, TEST_N, DELTA, shift, delta2)
            n1, n2, wn = draw_class(rng, TEST_N, 0.0, shift, delta2)
            label = np.repeat([1, 0], TEST_N)
            weight = None if shift == 0 else np.concatenate([wp, wn])
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                test = wr.roc_test(
                    np.concatenate([p1, n1]), np.concatenate([p2, n2]), label, weight
                )
            rejected.append(test.p_value < 0.05)
        rate = np.mean(rejected)
        rows.append(
            {
                "study": "paired test",
                "setting": name,
                "positives": TEST_N,
                "negatives": TEST_N,
                "weight_sd": shift,
                "method": "delong",
                "replicates": reps,
                "rate": rate,
                "mc_se": sqrt(rate * (1 - rate) / reps),
                "target": 0.05 if delta2 == DELTA else np.nan,
                "auc_difference": phi(DELTA / sqrt(2)) - phi(delta2 / sqrt(2)),
            }
        )
    return rows


def coverage_plot(data):
    """Coverage of each setting and method, +- 2 Monte Carlo SE (plotnine)."""
    import plotnine as p9

    settings = list(data["setting"].unique())
    data = data.assign(
        low=data["rate"] - 2 * data["mc_se"],
        high=data["rate"] + 2 * data["mc_se"],
        y=[
            len(settings) - settings.index(s) + (0.15 if m == "delong" else -0.15)
            for s, m in zip(data["setting"], data["method"])
        ],
    )
    return (
        p9.ggplot(data, p9.aes("rate", "y", color="method"))
        + p9.geom_vline(xintercept=0.95, linetype="dashed")
        + p9.geom_segment(p9.aes(x="low", xend="high", yend="y"))
        + p9.geom_point()
        + p9.scale_y_continuous(breaks=list(range(len(settings), 0, -1)), labels=settings)
        + p9.labs(x="coverage of the 95% interval (+- 2 Monte Carlo SE)", y="", color="")
        + p9.theme_bw(base_size=12)
        + p9.theme(figure_size=(9, 4.2), legend_position="top")
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
    table = pd.DataFrame(interval_rows(rng, reps, boot_reps, n_boot) + test_rows(rng, reps))
    RESULTS.mkdir(exist_ok=True)
    suffix = "_quick" if args.quick else ""
    table.to_csv(RESULTS / f"inference_coverage{suffix}.csv", index=False, float_format="%.6g")
    plot(table, RESULTS / f"inference_coverage{suffix}.png")
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(table.drop(columns=["study"]).to_string(index=False))
    print(f"total {time.process_time() - start:.0f} s CPU")


if __name__ == "__main__":
    main()
