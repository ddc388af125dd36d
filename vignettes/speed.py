# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Comparing the speed of ROC curve and AUC computations
#
# *After the "Speed" vignette of the R package WeightedROC: how long do
# `weightedroc`, scikit-learn and the R packages WeightedROC, pROC and ROCR
# take to compute a ROC curve and its AUC, as the number of observations
# grows? And do they agree?*
#
# R is called through rpy2 when it is installed; an R package that is missing
# is left out (the table below says why). R's functions are timed inside R, on
# vectors already converted, so the time of moving data between Python and R
# is not counted. For careful measurements (memory, tied guesses, many
# repetitions) see `benchmarks/` in the repository; this page is the quick
# tour.

# %%
import os
import platform
import time

import numpy as np
import pandas as pd
import plotnine as p9
import sklearn
from sklearn.metrics import roc_auc_score, roc_curve

import weightedroc
from weightedroc import WeightedROC, auc_score, rbridge
from weightedroc.plots import agreement_plot, roc_plot
from weightedroc.plots.agreement import ulps
from weightedroc.plots.palette import package_scales

FAST = os.environ.get("WEIGHTEDROC_FAST") == "1"  # small sizes, for the tests
R = {package: rbridge.r_available(package) for package in ("WeightedROC", "pROC", "ROCR")}
pd.DataFrame(
    {
        "available": {p: ok for p, (ok, why) in R.items()},
        "why": {p: why for p, (ok, why) in R.items()},
    }
)

# %% [markdown]
# ## Data
#
# The R vignette scored the test half of the `spam` data with a regularised
# logistic regression. Here the scores are simulated so that any size can be
# drawn: 40% positives, scores normal with mean 0 for negatives and 1.5 for
# positives, and, for the weighted timings, weights $0.5 + \text{Exp}(1)$ (the
# cost of each observation).


# %%
def simulate(n, seed=1):
    """Scores, 0/1 labels and positive weights of n observations."""
    rng = np.random.default_rng(seed)
    label = (rng.random(n) < 0.4).astype(np.int64)
    guess = rng.normal(size=n) + 1.5 * label
    weight = 0.5 + rng.exponential(size=n)
    return guess, label, weight


guess, label, weight = simulate(1000)
summary = pd.DataFrame({"guess": guess, "label": label, "weight": weight}).describe().T
summary["count"] = summary["count"].astype(int)
summary.rename(columns={"count": "n", "std": "sd", "50%": "median"}).round(3)

# %% [markdown]
# ## The same curve from every implementation
#
# Before timing them, check that they compute the same thing. On 1000
# observations each implementation's ROC curve, in a panel of its own (in
# the colour and line type it has on every page of this site) ...

# %%
# figure: The same 1,000-observation ROC curve from every implementation, one panel each.
# alt: Side-by-side panels, one per implementation, each the same ROC curve in that implementation's colour and line type.
curves = {"weightedroc": WeightedROC(guess, label)}
fpr, tpr, _ = roc_curve(label, guess, drop_intermediate=False)
curves["scikit-learn"] = pd.DataFrame({"FPR": fpr, "TPR": tpr})
if R["WeightedROC"][0]:
    curves["R WeightedROC"] = rbridge.r_weighted_roc(guess, label)
if R["pROC"][0]:
    curves["pROC"] = rbridge.proc_curve(guess, label, levels=[0, 1], direction="<")
if R["ROCR"][0]:
    curves["ROCR"] = rbridge.rocr_curve(guess, label)
roc_plot(curves, by="implementation", panels=True) + p9.theme(figure_size=(10, 4))

# %% [markdown]
# ... lies on `weightedroc`'s, vertex by vertex. Below, each vertex's
# difference from the nearest vertex of `weightedroc`'s curve, in units in
# the last place (ulps, the gap between a double and the next; the axis turns
# logarithmic beyond 1 ulp either side). Points on the zero line are the same
# doubles: all of R's WeightedROC's. The others are the roundings of rates
# such as $k/W_1$, which each implementation computes its own way: a few ulps
# over most of the curve, more near (0, 0), where the true positive rate is
# small and R's $1 - \text{FN}/W_1$, which `weightedroc` keeps so as to match
# R bit for bit, rounds it to the ulp of 1 (about $10^{-16}$), many ulps of
# a small rate ...

# %%
# figure: How far each implementation's vertices lie from weightedroc's, in ulps.
# alt: One panel per implementation of the difference from weightedroc at each vertex, in ulps on a signed logarithmic axis against the position along the curve; R's WeightedROC is 0 everywhere, the others are within a few ulps except near (0, 0), where they reach 85 ulps.
agreement_plot(curves, by="implementation") + p9.theme(figure_size=(10, 5))

# %% [markdown]
# ... and the AUCs, with and without weights (pROC and ROCR take no weights),
# agree to the last few bits:

# %%
aucs = {
    ("weightedroc", "unweighted"): auc_score(guess, label),
    ("weightedroc", "weighted"): auc_score(guess, label, weight),
    ("scikit-learn", "unweighted"): roc_auc_score(label, guess),
    ("scikit-learn", "weighted"): roc_auc_score(label, guess, sample_weight=weight),
}
if R["WeightedROC"][0]:
    aucs["R WeightedROC", "unweighted"] = rbridge.r_weighted_auc(guess, label)
    aucs["R WeightedROC", "weighted"] = rbridge.r_weighted_auc(guess, label, weight)
if R["pROC"][0]:
    aucs["pROC", "unweighted"] = rbridge.proc_auc(guess, label, levels=[0, 1], direction="<")
if R["ROCR"][0]:
    aucs["ROCR", "unweighted"] = rbridge.rocr_auc(guess, label)
implementations = list(dict.fromkeys(name for name, _ in aucs))
auc_comparison = pd.Series(aucs).unstack().reindex(implementations)
gaps = auc_comparison - auc_comparison.loc["weightedroc"]
max_auc_gap = float(gaps.abs().max().max())
gap_ulps = ulps(auc_comparison, auc_comparison.loc["weightedroc"].to_numpy())
print(
    f"largest difference from weightedroc: {max_auc_gap:.3g} "
    f"({np.nanmax(np.abs(gap_ulps)):.0f} ulps)"
)
auc_comparison.map(lambda auc: "takes no weights" if pd.isna(auc) else f"{auc:.17g}")

# %% [markdown]
# ## Timing
#
# Each implementation computes the ROC curve (all the points, so scikit-learn
# is called with `drop_intermediate=False`) and, separately, the AUC (in
# `weightedroc` with `auc_score`, which skips building the curve's frame), with
# and without weights, for sizes $n$ from $10^2$ up. Each call is repeated a
# few times (more often for small $n$); the lines join the fastest repeat of
# each, the usual estimate on a machine doing other work too (the slower
# repeats measure mostly the other work).

# %%
# n = 10^2, 10^2.5, ..., 10^7 in Python and up to 10^5 in R (about 30 s in all).
PYTHON_SIZES = [100, 1000, 10_000] if FAST else np.logspace(2, 7, 11).round().astype(int)
R_SIZES = [100, 1000] if FAST else np.logspace(2, 5, 7).round().astype(int)


def repeats(n):
    """How many times to time each call: many while calls are cheap."""
    if FAST:
        return 2
    return 15 if n <= 10_000 else 5 if n <= 100_000 else 3 if n <= 1_000_000 else 2


def python_calls(guess, label, weight):
    """{(implementation, task, weights): call} for the Python implementations."""
    return {
        ("weightedroc", "ROC curve", "unweighted"): lambda: WeightedROC(guess, label),
        ("weightedroc", "ROC curve", "weighted"): lambda: WeightedROC(guess, label, weight),
        ("weightedroc", "AUC", "unweighted"): lambda: auc_score(guess, label),
        ("weightedroc", "AUC", "weighted"): lambda: auc_score(guess, label, weight),
        ("scikit-learn", "ROC curve", "unweighted"): lambda: roc_curve(
            label, guess, drop_intermediate=False
        ),
        ("scikit-learn", "ROC curve", "weighted"): lambda: roc_curve(
            label, guess, sample_weight=weight, drop_intermediate=False
        ),
        ("scikit-learn", "AUC", "unweighted"): lambda: roc_auc_score(label, guess),
        ("scikit-learn", "AUC", "weighted"): lambda: roc_auc_score(
            label, guess, sample_weight=weight
        ),
    }


def time_python(call, times):
    """Seconds taken by each of `times` calls."""
    seconds = []
    for _ in range(times):
        start = time.perf_counter()
        call()
        seconds.append(time.perf_counter() - start)
    return seconds


rows = []
for _, call in python_calls(*simulate(100)).items():
    call()  # warm up: first calls import and compile
for n in PYTHON_SIZES:
    data = simulate(int(n))
    for (name, task, weights), call in python_calls(*data).items():
        for seconds in time_python(call, repeats(n)):
            rows.append((name, "Python", task, weights, int(n), seconds))

# %% [markdown]
# The R calls, written as R functions of the scores `g`, the 0/1 labels `y` and
# the weights `w`; pROC is told that 0 is the negative label and that larger
# scores mean positive, as WeightedROC assumes.

# %%
R_CALLS = {
    (
        "R WeightedROC",
        "ROC curve",
        "unweighted",
    ): "function(g, y, w) WeightedROC::WeightedROC(g, y)",
    (
        "R WeightedROC",
        "ROC curve",
        "weighted",
    ): "function(g, y, w) WeightedROC::WeightedROC(g, y, w)",
    (
        "R WeightedROC",
        "AUC",
        "unweighted",
    ): "function(g, y, w) WeightedROC::WeightedAUC(WeightedROC::WeightedROC(g, y))",
    (
        "R WeightedROC",
        "AUC",
        "weighted",
    ): "function(g, y, w) WeightedROC::WeightedAUC(WeightedROC::WeightedROC(g, y, w))",
    ("pROC", "ROC curve", "unweighted"): """function(g, y, w)
        pROC::roc(y, g, levels = c(0, 1), direction = "<", algorithm = 2, auc = FALSE,
                  quiet = TRUE)""",
    ("pROC", "AUC", "unweighted"): """function(g, y, w)
        pROC::auc(y, g, levels = c(0, 1), direction = "<", algorithm = 2,
                  quiet = TRUE)""",
    (
        "ROCR",
        "ROC curve",
        "unweighted",
    ): 'function(g, y, w) ROCR::performance(ROCR::prediction(g, y), "tpr", "fpr")',
    ("ROCR", "AUC", "unweighted"): """function(g, y, w)
        ROCR::performance(ROCR::prediction(g, y), "auc")@y.values[[1]]""",
}
# Seconds taken by each of `times` calls of f(g, y, w), measured in R.
TIME_IN_R = """function(f, g, y, w, times) vapply(seq_len(times), function(i) {
    start <- Sys.time()
    f(g, y, w)
    as.numeric(difftime(Sys.time(), start, units = "secs"))
}, numeric(1))"""

r_calls = {key: code for key, code in R_CALLS.items() if R[key[0].removeprefix("R ")][0]}
if r_calls:
    import rpy2.robjects as ro

    time_in_r = ro.r(TIME_IN_R)
    r_functions = {key: ro.r(code) for key, code in r_calls.items()}
    small = [ro.FloatVector(x) for x in simulate(100)]
    for f in r_functions.values():
        time_in_r(f, *small, 1)  # warm up: loads the packages
    for n in R_SIZES:
        g, y, w = (ro.FloatVector(x) for x in simulate(int(n)))
        for (name, task, weights), f in r_functions.items():
            for seconds in time_in_r(f, g, y, w, repeats(n)):
                rows.append((name, "R", task, weights, int(n), seconds))
timings = pd.DataFrame(
    rows, columns=["implementation", "language", "task", "weights", "n", "seconds"]
)

# %% [markdown]
# Every timing (circles), and the fastest of each implementation at each size
# (lines); both axes are logarithmic, a step of the grid a factor of ten.
# Python's implementations are `weightedroc` and scikit-learn; the others are
# R's.

# %%
# figure: Time to compute a ROC curve (top) and an AUC (bottom), without and with weights, against the number of observations, for each implementation.
# alt: Four log-log panels of time against the number of observations (ROC curve and AUC, unweighted and weighted), every timing a circle and the fastest per size a line, one colour and line type per implementation; weightedroc's black line is the lowest in every panel, nearly flat up to about 10,000 observations (the fixed cost of a call) as scikit-learn's, and beyond it every line rises about tenfold per tenfold more observations; the tables below give the numbers.
fastest = timings.groupby(["implementation", "language", "task", "weights", "n"], as_index=False)[
    "seconds"
].min()
order = [
    name
    for name in ["weightedroc", "scikit-learn", "R WeightedROC", "pROC", "ROCR"]
    if name in set(timings["implementation"])
]
for frame in (timings, fastest):
    frame["implementation"] = pd.Categorical(frame["implementation"], order)
    frame["task"] = pd.Categorical(frame["task"], ["ROC curve", "AUC"])


def count_labels(counts):
    """100, 1k, 10k, ..., 10M: numbers of observations, short."""

    def one(n):
        for size, suffix in ((1e6, "M"), (1e3, "k")):
            if n >= size:
                return f"{n / size:g}{suffix}"
        return f"{n:g}"

    return [one(n) for n in counts]


def duration_labels(durations):
    """10 µs, 1 ms, 1 s: times in seconds, each in the unit that reads best."""

    def one(seconds):
        for size, unit in ((1, "s"), (1e-3, "ms"), (1e-6, "µs")):
            if seconds >= size * (1 - 1e-9):
                return f"{seconds / size:.3g} {unit}"
        return f"{seconds * 1e9:.3g} ns"

    return [one(s) for s in durations]


decades = 10.0 ** np.arange(-7, 4)
(
    p9.ggplot(timings, p9.aes("n", "seconds", color="implementation"))
    + p9.geom_point(shape="o", fill="none", alpha=0.6)
    + p9.geom_line(p9.aes(linetype="implementation"), data=fastest, size=1)
    + p9.facet_grid("task ~ weights")
    + p9.scale_x_log10(
        name="number of observations n", breaks=10.0 ** np.arange(2, 8), labels=count_labels
    )
    + p9.scale_y_log10(name="time (fastest repeat)", breaks=decades, labels=duration_labels)
    + package_scales(order)  # each implementation's colour and line type on every page
    + p9.theme_bw(base_size=12)
    + p9.theme(figure_size=(9, 6.5), legend_key_width=28, panel_grid_minor=p9.element_blank())
)

# %% [markdown]
# The fastest times of the ROC curve without weights, in milliseconds:

# %%
ms_table = (
    fastest.query("task == 'ROC curve' and weights == 'unweighted'").pivot(
        index="n", columns="implementation", values="seconds"
    )
    * 1000
)
ms_table.index = [f"{n:,}" for n in ms_table.index]
ms_table.index.name = "n"
ms_table.map(lambda ms: "not timed" if pd.isna(ms) else f"{ms:.2f}")

# %% [markdown]
# And how many times longer each takes than `weightedroc` at the largest size
# every implementation reached:

# %%
common_n = int(timings.groupby("implementation", observed=True)["n"].max().min())
at_common = fastest[fastest["n"] == common_n]
ratio = at_common.pivot_table(
    index=["task", "weights"], columns="implementation", values="seconds", observed=True
)
print(f"n = {common_n:,}")
ratio.div(ratio["weightedroc"], axis=0).map(
    lambda r: "takes no weights" if pd.isna(r) else f"{r:.1f}"
)

# %% [markdown]
# ## Conclusion
#
# All implementations draw the same curve and find the same area. All of them
# sort the scores, so their time grows a little faster than $n$, $O(n \log n)$;
# they differ in the time spent per observation, which the ratios above show for
# this machine. `weightedroc`'s `auc_score` builds no curve frame but adds up
# the trapezoids with R's long double sums, so it takes about as long as the
# curve (0.75 to 1.2 times as long in the benchmarks). Whatever the
# implementation, the time to compute a ROC curve is small next to the time to
# fit the model that makes the scores. The numbers above depend on the machine
# (and on what else it was doing): this page was rendered on the one described
# below.


# %% tags=["hide-input"]
def cpu_name():
    """The processor's model name, from /proc/cpuinfo where there is one."""
    if os.path.exists("/proc/cpuinfo"):
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


versions = {
    "CPU": f"{cpu_name()} ({os.cpu_count()} cores)",
    "Python": platform.python_version(),
    "numpy": np.__version__,
    "scikit-learn": sklearn.__version__,
    "weightedroc": weightedroc.__version__,
}
if r_calls:
    versions["R"] = ro.r("R.version.string")[0]
    for package in ("WeightedROC", "pROC", "ROCR"):
        if R[package][0]:
            versions[package] = str(ro.r(f"as.character(packageVersion('{package}'))")[0])
pd.Series(versions, name="version").to_frame()

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered).
EXPECTED = {
    # Every implementation computes the same AUC (as R's own tests check).
    "max_auc_gap < 1e-12": True,
    "{'weightedroc', 'scikit-learn'} <= set(timings['implementation'])": True,
    "bool((timings['seconds'] > 0).all())": True,
    # Every Python implementation was timed at every size, with and without weights.
    "len(timings.query('language == \"Python\"')"
    ".groupby(['implementation', 'task', 'weights', 'n'], observed=True))": 2
    * 2
    * 2
    * len(PYTHON_SIZES),
}
