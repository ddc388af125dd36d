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
# # Translating ROCR and pROC workflows
#
# *A ROCR-style workflow (`prediction`, `performance`, `plot`) and a
# pROC-style one (`roc`, `coords`) in Python, with weights. When R is
# reachable through rpy2, R's own output is shown alongside and compared.*

# %%
import numpy as np
import plotnine as p9

import weightedroc as wr
from weightedroc import plots, rbridge

p9.options.figure_size = (6, 5)
BIG = p9.theme(text=p9.element_text(size=11))  # readable axis labels
ROCR_OK, ROCR_WHY = rbridge.r_available("ROCR")
PROC_OK, PROC_WHY = rbridge.r_available("pROC")
ROCR_WHY, PROC_WHY

# %% [markdown]
# ## ROCR: `performance(pred, "prec", "rec")`
#
# ROCR's cutoffs run from `Inf` down; `measures` returns rows in
# `WeightedROC`'s order (ascending thresholds), so reverse them to read
# ROCR's order. The thresholds are the same numbers: the guesses.

# %%
simple = wr.load_rocr_simple()
data = (simple["predictions"], simple["labels"])
pr = wr.measures(data, ["prec", "rec", "f", "mat"])


def readable(frame, digits=4, by_row=False):
    """A table as a reader reads it: a column (or with `by_row`, a row) of
    whole numbers without decimals, any other with `digits` decimals, and
    0/0 (a rate of nothing, which ROCR and pROC return as NaN) in words."""

    def series(values):
        finite = values[np.isfinite(values)]
        whole = bool((finite == np.round(finite)).all())

        def cell(value):
            if np.isnan(value):
                return "undefined (0/0)"
            if np.isinf(value) or whole:
                return f"{value:g}"
            return f"{value:.{digits}f}"

        return values.map(cell)

    numbers = frame.astype(float)
    return numbers.apply(series, axis=1 if by_row else 0)


readable(pr.iloc[::-1].head())


# %%
def rocr(measure, x_measure="cutoff"):
    """ROCR's performance() as a frame, or None without R."""
    if not ROCR_OK:
        return None
    code = """function(g, y, m, xm) {
      perf <- ROCR::performance(ROCR::prediction(g, y), m, xm)
      data.frame(x = perf@x.values[[1]], y = perf@y.values[[1]]) }"""
    return rbridge._frame(
        rbridge._r_function(code)(
            rbridge._r_numeric(data[0]), rbridge._r_numeric(data[1]), measure, x_measure
        )
    )


theirs = rocr("prec")
if theirs is not None:
    ours = pr.iloc[::-1]
    print(
        "largest |difference| in precision:",
        np.nanmax(np.abs(ours["prec"].to_numpy() - theirs["y"].to_numpy())),
    )
    print("same cutoffs:", np.array_equal(ours["threshold"].to_numpy(), theirs["x"].to_numpy()))

# %% [markdown]
# `plot(performance(pred, "prec", "rec"))` is `plots.measure_plot`; the
# result is a ggplot to extend with `+`.

# %%
# figure: ROCR.simple: precision against recall, as ROCR's plot of performance(pred, 'prec', 'rec').
# alt: Precision on the vertical axis against recall on the horizontal axis for ROCR.simple's scores.
plots.measure_plot(data, "prec", "rec") + p9.ggtitle("ROCR.simple: precision against recall") + BIG

# %% [markdown]
# Curve measures: `performance(pred, "prbe")`, `"ecost"` (the cost curve's
# lower envelope), with the envelope drawn over every threshold's line.

# %%
# figure: ROCR.simple's cost curve: each threshold's line and their lower envelope.
# alt: Many straight lines, one per threshold, of normalised expected cost against the probability cost, with their lower envelope drawn over them.
print(wr.prbe(data))
curve = wr.cost_curve(data)
plots.cost_curve_plot(data) + BIG

# %%
theirs = rocr("ecost")
if theirs is not None:
    env = curve.envelope
    print("envelope points ours / ROCR's:", len(env), len(theirs.drop_duplicates()))
    print(
        "largest |difference|:",
        np.abs(np.interp(theirs["x"], env["probability_cost"], env["cost"]) - theirs["y"]).max(),
    )

# %% [markdown]
# ## pROC: `coords(roc, ...)` on aSAH, weighted
#
# Weights here make each patient count as many times as given; integer
# weights give what pROC gives on the repeated rows.

# %%
asah = wr.load_asah()
weight = np.where(asah["outcome"] == "Poor", 2.0, 1.0)
roc = wr.WeightedROC(asah["s100b"], asah["outcome"], weight)
best = wr.coords(
    roc,
    "best",
    ret=["threshold", "specificity", "sensitivity", "tp", "fp"],
    best_method="closest.topleft",
    best_weights=(2, 0.3),
)
readable(best)


# %%
def proc_coords(x, **kw):
    """pROC's coords on the repeated rows, or None without R."""
    if not PROC_OK:
        return None
    times = weight.astype(int)
    code = """function(g, y, x, ret, bm, bw) {
      r <- pROC::roc(y, g, levels = c("Good", "Poor"), direction = "<", quiet = TRUE)
      as.data.frame(pROC::coords(r, x, ret = ret, best.method = bm, best.weights = bw)) }"""
    from rpy2.robjects.vectors import FloatVector, StrVector

    return rbridge._frame(
        rbridge._r_function(code)(
            rbridge._r_numeric(np.repeat(asah["s100b"], times)),
            StrVector(np.repeat(asah["outcome"].astype(str), times).tolist()),
            x,
            StrVector(kw["ret"]),
            kw["best_method"],
            FloatVector(kw["best_weights"]),
        )
    )


proc_best = proc_coords(
    "best",
    ret=["threshold", "specificity", "sensitivity", "tp", "fp"],
    best_method="closest.topleft",
    best_weights=[2, 0.3],
)
readable(proc_best) if proc_best is not None else f"pROC is not available: {PROC_WHY}"

# %% [markdown]
# Same counts and rates; pROC's threshold is the midpoint between this row's
# guess and the one below it. Every pROC measure at every threshold, shown
# for the five lowest thresholds: a column per threshold, a row per measure
# (a row per threshold would run past the page):

# %%
table = wr.coords(roc, "all", ret="all")
theirs = proc_coords("all", ret=["all"], best_method="youden", best_weights=[1, 0.5])
if theirs is not None:
    columns = [c for c in table.columns if c != "threshold"]
    print(
        "largest |difference| over",
        len(columns),
        "measures:",
        np.nanmax(np.abs(table[columns].to_numpy() - theirs[columns].to_numpy())),
    )
first = table.head().set_index("threshold").T
first.columns = [f"threshold {t:g}" for t in first.columns]
readable(first, by_row=True)

# %% [markdown]
# Beyond pROC: the DET curve (scikit-learn's `det_curve`) on normal-deviate
# axes, and the equal error rate.

# %%
# figure: The DET curve on normal-deviate axes.
# alt: False negative rate against false positive rate, both on normal-deviate scales, a nearly straight falling line.
print(f"equal error rate: {wr.equal_error_rate(roc):.4f}")
plots.det_plot(roc) + BIG

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered).
# From R 4.2.2 with pROC 1.18.0 (on the rows repeated by their weight) and
# ROCR (sprintf("%.17g")).
EXPECTED = {
    "best['specificity'].iloc[0]": 0.80555555555555558,
    "best['sensitivity'].iloc[0]": 0.63414634146341464,
    "best['tp'].iloc[0]": 52.0,
    "best['fp'].iloc[0]": 14.0,
    "curve.envelope['cost'].max()": 0.15037075357820295,
    "wr.prbe(data)['threshold'].iloc[0]": 0.52238450665026903,
}
