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

Sampling designs of the "warning" study (importance weights, all from the
same population, so the weighted AUC estimates Phi(delta / sqrt 2)):
* shift: the log-normal weights above, in both classes;
* survey: all cases of a population kept (weight 1); its controls kept
  with probability p(s) = 1 / (1 + exp(-(a + b s))), rising with the score
  s (b the slope, a set so that the expected number kept is the one
  named), weighted 1/p: heavy weights on low-scoring controls;
* case-control: cases kept at one rate, controls at another, weights
  1/rate (equal within a class);
* stratified case-control: all cases; controls scoring above 1 kept at
  rate 0.2, the others at 0.01, weights 1/rate.

Studies (the "study" column):
* interval: coverage of 95% intervals, DeLong with each quantile (auto is
  the default: pROC's normal for unit and frequency weights, Student t
  with Satterthwaite's degrees of freedom for importance weights), the
  linearised variance with Student t (which the package does not use: for
  comparison) and the bootstrap; "warned" is the share of samples where
  auc_ci warned.
* warning: the default interval on the designs above, the share of
  samples where the weight warning fired, and the coverage when it fired
  and when it stayed silent; the rule's thresholds were tuned on the
  "tuning" designs and checked on the "held out" ones.  "before" columns:
  the rule before 1.0 (a class's Kish size (sum w)^2 / sum w^2 below 50 or
  its squared weights' below 15).
* paired test, unpaired test: rejection rates of roc_test at 5%.

    python benchmarks/inference_coverage.py           # >= 2000 replicates a setting
    python benchmarks/inference_coverage.py --quick   # 300, to try it
    python benchmarks/inference_coverage.py --studies warning   # one study again

Writes benchmarks/results/inference_coverage.csv (the rows of studies not
run are kept from it), .png and .md (the tables as the vignette shows them).
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
# The warning study: (design, role, setting, parameters).  Survey: (slope
# of the controls' sampling, cases, expected controls, slope of the cases'
# sampling or 0 to keep every case); case-control: (cases, controls).
WARNING_DESIGNS = (
    [
        ("shift", "tuning", f"log-normal weights (sd {sd:g}), 2 x {size}", (sd, size, size))
        for sd in (0.5, 0.75, 1.0, 1.25, 1.5)
        for size in (30, 100, 300, 1000)
    ]
    + [
        ("survey", "tuning", f"survey, slope {b}: {m} cases, {n} controls", (b, m, n, 0))
        for b in (1, 2, 3)
        for m, n in ((50, 200), (100, 500), (300, 1000))
    ]
    + [
        ("case-control", "held out", f"case-control: {m} cases, {n} controls", (m, n))
        for m, n in ((10, 100), (40, 400))
    ]
    + [
        ("stratified", "held out", f"stratified case-control: {m} cases, {n} controls", (m, n))
        for m, n in ((30, 100), (100, 300), (300, 1000))
    ]
    + [
        ("shift", "held out", "log-normal weights (sd 1), 60 vs 600", (1.0, 60, 600)),
        ("shift", "held out", "log-normal weights (sd 0.75), 30 vs 1000", (0.75, 30, 1000)),
        (
            "shift",
            "held out",
            "log-normal weights (sd 0.75), 2 x 200, AUC 0.921",
            (0.75, 200, 200, 2.0),
        ),
        (
            "shift",
            "held out",
            "log-normal weights (sd 1), 2 x 500, AUC 0.921",
            (1.0, 500, 500, 2.0),
        ),
        ("survey", "held out", "survey, slope 1.5: 100 cases, 400 controls", (1.5, 100, 400, 0)),
        ("survey", "held out", "survey, slope 2.5: 200 cases, 2000 controls", (2.5, 200, 2000, 0)),
        (
            "survey",
            "held out",
            "survey of both classes, slope 1.5: 150 and 600",
            (1.5, 150, 600, 1.5),
        ),
    ]
)
# The rule before 1.0, for comparison: a class's Kish size below 50 or its
# squared weights' below 15.
BEFORE = (50, 15)
STRATA_CUT, STRATA_RATES = 1.0, (0.01, 0.2)
CONTROL_RATE = 0.02
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


def intercept(slope, fraction, mean=0.0):
    """a such that 1 / (1 + exp(-(a + slope s))) averages `fraction` over
    s ~ N(mean, 1) (bisection on a quadrature)."""
    s = np.linspace(mean - 9, mean + 9, 4001)
    density = np.exp(-((s - mean) ** 2) / 2)
    density /= density.sum()
    low, high = -40.0, 40.0
    for _ in range(80):
        a = (low + high) / 2
        kept = density @ (1 / (1 + np.exp(-(a + slope * s))))
        low, high = (low, a) if kept > fraction else (a, high)
    return a


def survey_class(rng, size, mean, slope, a):
    """Scores and weights 1/p of the units of a population of `size` kept
    with probability p = 1 / (1 + exp(-(a + slope s)))."""
    s = rng.normal(mean, 1, size)
    p = 1 / (1 + np.exp(-(a + slope * s)))
    kept = rng.random(size) < p
    return s[kept], 1 / p[kept]


def design_sampler(kind, parameters):
    """A function of a generator drawing (guess, label, weight) of a design."""
    if kind == "shift":
        shift, m, n, delta = (*parameters, DELTA)[:4]

        def draw(rng):
            gp, wp = draw_class(rng, m, delta, shift)
            gn, wn = draw_class(rng, n, 0.0, shift)
            return np.concatenate([gp, gn]), np.repeat([1, 0], [m, n]), np.concatenate([wp, wn])

    elif kind == "survey":
        slope, m, n, case_slope = parameters
        # Populations 20 times the expected sample of each class.
        a = intercept(slope, 1 / 20)
        a_cases = intercept(case_slope, 1 / 20, DELTA) if case_slope else None

        def draw(rng):
            if case_slope:
                gp, wp = survey_class(rng, 20 * m, DELTA, case_slope, a_cases)
            else:
                gp, wp = rng.normal(DELTA, 1, m), np.ones(m)
            gn, wn = survey_class(rng, 20 * n, 0.0, slope, a)
            label = np.repeat([1, 0], [len(gp), len(gn)])
            return np.concatenate([gp, gn]), label, np.concatenate([wp, wn])

    elif kind == "case-control":
        m, n = parameters

        def draw(rng):
            guess = np.concatenate([rng.normal(DELTA, 1, m), rng.normal(0, 1, n)])
            return guess, np.repeat([1, 0], [m, n]), np.repeat([1, 1 / CONTROL_RATE], [m, n])

    else:  # stratified case-control
        m, n = parameters
        above = 1 - phi(STRATA_CUT)
        population = round(n / (STRATA_RATES[0] * (1 - above) + STRATA_RATES[1] * above))

        def draw(rng):
            s = rng.normal(0, 1, population)
            rate = np.where(s > STRATA_CUT, STRATA_RATES[1], STRATA_RATES[0])
            kept = rng.random(population) < rate
            guess = np.concatenate([rng.normal(DELTA, 1, m), s[kept]])
            label = np.repeat([1, 0], [m, np.count_nonzero(kept)])
            return guess, label, np.concatenate([np.ones(m), 1 / rate[kept]])

    return draw


def warned_before(label, weight):
    """Whether the rule before 1.0 warned on a sample."""
    for w in (weight[label == 1], weight[label == 0]):
        squared = w * w
        if (
            w.sum() ** 2 / squared.sum() < BEFORE[0]
            or squared.sum() ** 2 / (squared @ squared) < BEFORE[1]
        ):
            return True
    return False


def share_and_se(hits):
    """The share of True in `hits` and its Monte Carlo SE (NaN if empty)."""
    if len(hits) == 0:
        return np.nan, np.nan
    rate = float(np.mean(hits))
    return rate, sqrt(rate * (1 - rate) / len(hits))


def warning_rows(rng, reps):
    rows = []
    for kind, role, name, parameters in WARNING_DESIGNS:
        draw = design_sampler(kind, parameters)
        truth = phi((parameters[3] if kind == "shift" and len(parameters) > 3 else DELTA) / sqrt(2))
        hits, warned, before, negatives = [], [], [], []
        for _ in range(reps):
            guess, label, weight = draw(rng)
            ci, said = interval(guess, label, weight, "importance")
            hits.append(ci.conf_low <= truth <= ci.conf_high)
            warned.append(said)
            before.append(warned_before(label, weight))
            negatives.append(np.count_nonzero(label == 0))
        hits, warned, before = map(np.array, (hits, warned, before))
        when_warned, when_warned_se = share_and_se(hits[warned])
        when_silent, when_silent_se = share_and_se(hits[~warned])
        silent_before, silent_before_se = share_and_se(hits[~before])
        rows.append(
            rate_row(
                "warning",
                name,
                "delong auto",
                hits,
                design=kind,
                role=role,
                positives=int(np.count_nonzero(label == 1)) if kind != "survey" else parameters[1],
                negatives=float(np.mean(negatives)),
                target=0.95,
                warned=float(np.mean(warned)),
                rate_warned=when_warned,
                mc_se_warned=when_warned_se,
                rate_unwarned=when_silent,
                mc_se_unwarned=when_silent_se,
                unwarned=int(np.count_nonzero(~warned)),
                warned_before=float(np.mean(before)),
                rate_unwarned_before=silent_before,
                mc_se_unwarned_before=silent_before_se,
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
    intervals = table[table["study"] == "interval"]
    if len(intervals):
        coverage_plot(intervals).save(path, dpi=90, verbose=False)


STUDIES = ("interval", "warning", "tests")
METHODS = {
    "delong auto": "DeLong (default)",
    "delong normal": "DeLong, normal",
    "delong t": "DeLong, Student t",
    "delong linearised t": "linearised, Student t",
    "bootstrap": "bootstrap",
}
NONE = "—"  # a cell with nothing to show


def decimals(value, digits=3):
    """`value` with `digits` decimals, or NONE for NaN."""
    return NONE if pd.isna(value) else f"{value:.{digits}f}"


def with_se(rate, se, empty=NONE):
    """'0.953 ± 0.005', or `empty` where there were no samples."""
    return empty if pd.isna(rate) else f"{rate:.3f} ± {se:.3f}"


def interval_table(data):
    """The interval study for reading: coverage of each method (columns) in
    each setting, the default's median width and how often it warned."""
    rows = data[data["study"] == "interval"]
    coverage = rows.pivot_table(index="setting", columns="method", values="rate", sort=False)
    auto = rows[rows["method"] == "delong auto"].set_index("setting")
    table = pd.DataFrame(index=coverage.index)
    table["Kish size of positives"] = auto["kish_positives"].map(lambda x: f"{x:.0f}")
    for method, title in METHODS.items():
        table[title] = coverage[method].map(decimals) if method in coverage else NONE
    # Unit and frequency weights: the default is the normal interval.
    unweighted = auto["weight_sd"] == 0
    table.loc[unweighted, METHODS["delong normal"]] = "(the default)"
    table["median width (default)"] = auto["median_width"].map(decimals)
    table["warned"] = auto["warned"].map(decimals)
    return table.rename_axis("setting").reset_index()


def warning_table(data):
    """The warning study for reading: coverage overall, when the weight
    warning fired and when it did not (+- Monte Carlo SE), now and before 1.0."""
    rows = data[data["study"] == "warning"]
    return pd.DataFrame(
        {
            "setting": rows["setting"],
            "designs": rows["role"].map({"tuning": "tuned on", "held out": "held out"}),
            "coverage": [with_se(r, e) for r, e in zip(rows["rate"], rows["mc_se"])],
            "warned": rows["warned"].map(decimals),
            "coverage when warned": [
                with_se(r, e, "no warned sample")
                for r, e in zip(rows["rate_warned"], rows["mc_se_warned"])
            ],
            "coverage when silent": [
                with_se(r, e, "no silent sample")
                for r, e in zip(rows["rate_unwarned"], rows["mc_se_unwarned"])
            ],
            "warned before 1.0": rows["warned_before"].map(decimals),
            "coverage when silent before 1.0": [
                with_se(r, e, "no silent sample")
                for r, e in zip(rows["rate_unwarned_before"], rows["mc_se_unwarned_before"])
            ],
        }
    ).reset_index(drop=True)


def test_table(data):
    """The tests' rejection rates for reading."""
    rows = data[data["study"].str.endswith("test")]
    return pd.DataFrame(
        {
            "test": rows["study"],
            "setting": rows["setting"],
            "method": rows["method"].map(METHODS).fillna(rows["method"]),
            "observations per class": rows["positives"].astype(int),
            "samples": rows["replicates"].astype(int),
            "rejection rate": rows["rate"].map(decimals),
            "Monte Carlo SE": rows["mc_se"].map(decimals),
        }
    ).reset_index(drop=True)


def markdown(table):
    """A DataFrame of strings as a Markdown table."""
    lines = ["| " + " | ".join(table.columns) + " |", "|" + " --- |" * table.shape[1]]
    lines += ["| " + " | ".join(map(str, row)) + " |" for row in table.itertuples(index=False)]
    return "\n".join(lines)


def write_markdown(table, path, replicates):
    sections = [
        "# Coverage of DeLong intervals and the weight warning",
        f"Written by benchmarks/inference_coverage.py ({replicates} samples a setting; "
        "± is the Monte Carlo standard error).",
    ]
    for study, title, reading in (
        ("interval", "Intervals (coverage of 95% intervals)", interval_table),
        ("warning", "The weight warning (the default interval)", warning_table),
        ("test", "Tests (rejection rates at 5%)", test_table),
    ):
        if table["study"].str.endswith(study).any():
            sections += [f"## {title}", markdown(reading(table))]
    path.write_text("\n\n".join(sections) + "\n", encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="300 replicates, to try it")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--studies",
        default=",".join(STUDIES),
        help=f"comma-separated, of {', '.join(STUDIES)}; the others' rows are kept",
    )
    args = parser.parse_args()
    studies = args.studies.split(",")
    for name in studies:
        if name not in STUDIES:
            parser.error(f"unknown study {name!r}: choose from {', '.join(STUDIES)}")
    reps = 300 if args.quick else 2000
    boot_reps, n_boot = (100, 200) if args.quick else (1000, 500)
    suffix = "_quick" if args.quick else ""
    csv = RESULTS / f"inference_coverage{suffix}.csv"
    kept = pd.read_csv(csv) if csv.exists() else pd.DataFrame({"study": pd.Series([], dtype=str)})
    rows = []
    for index, name in enumerate(STUDIES):
        if name not in studies:
            done = "test" if name == "tests" else name
            rows += kept[kept["study"].str.endswith(done)].to_dict("records")
            continue
        # Each study its own stream: one can be run again alone.
        rng = np.random.default_rng([args.seed, index])
        start = time.process_time()
        if name == "interval":
            rows += interval_rows(rng, reps, boot_reps, n_boot)
        elif name == "warning":
            rows += warning_rows(rng, reps)
        else:
            rows += test_rows(rng, reps)
        print(f"{name}: {time.process_time() - start:.0f} s CPU", flush=True)
    table = pd.DataFrame(rows)
    RESULTS.mkdir(exist_ok=True)
    table.to_csv(csv, index=False, float_format="%.6g")
    plot(table, RESULTS / f"inference_coverage{suffix}.png")
    markdown_path = RESULTS / f"inference_coverage{suffix}.md"
    write_markdown(table, markdown_path, reps)
    print(markdown_path.read_text(encoding="utf-8"))


if __name__ == "__main__":
    main()
