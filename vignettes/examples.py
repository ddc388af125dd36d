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
# # Examples: weighted ROC curves, errors and AUC compared with R and scikit-learn
#
# *The examples of R's `?WeightedROC` and `?WeightedAUC` help pages, in Python.
# The ROC curves and AUC of `weightedroc` are compared with those of
# scikit-learn and, when R is reachable through rpy2, with R's WeightedROC,
# ROCR and pROC packages, on the example data sets of ROCR (`ROCR.simple`) and
# pROC (`aSAH`).*

# %%
import numpy as np
import pandas as pd
import plotnine as p9
from sklearn.metrics import roc_auc_score, roc_curve

import weightedroc
from weightedroc import WeightedAUC, WeightedROC, rbridge
from weightedroc.plots import agreement_plot, error_frame, error_plot, roc_plot
from weightedroc.plots.agreement import ulps

p9.options.figure_size = (7, 5.4)
R = {package: rbridge.r_available(package) for package in ("WeightedROC", "ROCR", "pROC")}
pd.DataFrame(
    {
        "available": {p: ok for p, (ok, why) in R.items()},
        "why": {p: why for p, (ok, why) in R.items()},
    }
)

# %% [markdown]
# ## A weighted ROC curve
#
# `WeightedROC` computes ROC curves for data sets with variable weights: here
# five observations, the last two positives weighing 4 and 5.

# %%
y = [-1, -1, 1, 1, 1]
w = [1, 1, 1, 4, 5]
y_hat = [1, 2, 3, 1, 1]
tp_fp = WeightedROC(y_hat, y, w)
tp_fp

# %%
# figure: The weighted ROC curve of five observations, the two positives weighing 4 and 5.
# alt: A ROC curve of a few steps from (0, 0) to (1, 1) on equal axes, with the diagonal of random guessing.
roc_plot(tp_fp)

# %% [markdown]
# ## Weighted error as a function of the threshold
#
# The FN and FP columns are the weighted false negatives and false positives
# when every guess at or above `threshold` is classified positive; their sum is
# the weighted zero-one loss. In long form, one row per threshold and kind of
# error:

# %%
all_error = error_frame(tp_fp)
all_error

# %% [markdown]
# `error_plot` draws them as R's example does, in colour-blind safe colours and
# line types: FP blue dashed, FN vermillion dash-dotted, errors black. The errors are constant between two consecutive thresholds, so
# they are drawn as steps (R's example joins the points with straight lines,
# which `error_plot(tp_fp, step=False)` reproduces). The right edge is the
# threshold $+\infty$: nothing is classified positive, so every positive is a
# false negative.

# %%
# figure: Weighted false positives, false negatives and their sum against the threshold.
# alt: Three step functions of the threshold: false positives (blue, dashed) falling from left to right, false negatives (vermillion, dash-dotted) rising, and their sum (black); the right edge is the threshold plus infinity.
error_plot(tp_fp)

# %% [markdown]
# The weights are costs, so the weighted AUC differs from the unweighted one;
# scikit-learn's `roc_auc_score` with `sample_weight` agrees with
# `WeightedAUC`:

# %%
pd.Series(
    {
        "WeightedAUC(WeightedROC(y_hat, y, w))": WeightedAUC(tp_fp),
        "roc_auc_score(y, y_hat, sample_weight=w)": roc_auc_score(y, y_hat, sample_weight=w),
        "unweighted: WeightedAUC(WeightedROC(y_hat, y))": WeightedAUC(WeightedROC(y_hat, y)),
    },
    name="AUC",
).to_frame()

# %% [markdown]
# ## The same curve from every implementation
#
# Two helpers collect the ROC curves and the AUCs that each implementation
# computes from the same scores and labels. R's pROC is told which label is
# negative (`levels`) and that larger scores mean positive (`direction="<"`),
# as `WeightedROC` assumes.
#
# Drawn on top of each other, curves that agree would show only the one
# drawn last. So each implementation gets a panel of its own, in the colour
# and line type it has on every page of this site, and a second figure draws
# what the eye cannot compare: how far each vertex of each curve lies from
# the nearest vertex of `weightedroc`'s, in units in the last place (ulps,
# the gap between a double and the next one: about $10^{-16}$ for rates
# near 1). Points on the zero line are the same doubles, bit for bit.


# %%
def curves_of(guess, label, levels):
    """FPR/TPR frames from every available implementation, by name."""
    positive = np.asarray(label) == levels[1]
    fpr, tpr, _ = roc_curve(positive, guess, drop_intermediate=False)
    curves = {
        "weightedroc": WeightedROC(guess, label),
        "scikit-learn": pd.DataFrame({"FPR": fpr, "TPR": tpr}),
    }
    if R["WeightedROC"][0]:
        curves["R WeightedROC"] = rbridge.r_weighted_roc(guess, label)
    if R["ROCR"][0]:
        curves["ROCR"] = rbridge.rocr_curve(guess, label)
    if R["pROC"][0]:
        curves["pROC"] = rbridge.proc_curve(guess, label, levels=levels, direction="<")
    return curves


def aucs_of(guess, label, levels):
    """AUC from every available implementation, and how far each is from weightedroc's."""
    positive = np.asarray(label) == levels[1]
    aucs = {
        "weightedroc": WeightedAUC(WeightedROC(guess, label)),
        "scikit-learn": roc_auc_score(positive, guess),
    }
    if R["WeightedROC"][0]:
        aucs["R WeightedROC"] = rbridge.r_weighted_auc(guess, label)
    if R["ROCR"][0]:
        aucs["ROCR"] = rbridge.rocr_auc(guess, label)
    if R["pROC"][0]:
        aucs["pROC"] = rbridge.proc_auc(guess, label, levels=levels, direction="<")
    table = pd.DataFrame({"AUC": aucs})
    table["difference from weightedroc"] = table["AUC"] - aucs["weightedroc"]
    table["in ulps"] = ulps(table["AUC"], aucs["weightedroc"])
    return table


def readable(table):
    """The AUC table as a reader reads it: 17 significant digits, the
    difference in scientific notation (0 when there is none), whole ulps,
    and one line saying which implementations agree to the bit."""
    shown = pd.DataFrame(
        {
            "AUC (17 significant digits)": table["AUC"].map("{:.17g}".format),
            "difference from weightedroc": table["difference from weightedroc"].map(
                lambda d: "0" if d == 0 else f"{d:.2e}"
            ),
            "in ulps": table["in ulps"].map("{:+.0f}".format).replace("+0", "0"),
        }
    )
    off = table["in ulps"].abs().drop("weightedroc")
    summary = f"the same double as weightedroc's: {', '.join(off.index[off == 0]) or 'none'}"
    if off.max() > 0:
        summary += f"; within {off.max():.0f} ulps of it: {', '.join(off.index[off > 0])}"
    print(summary)
    return shown


# %% [markdown]
# ### ROCR's example data
#
# `ROCR.simple` has 200 distinct scores (`predictions`) and 0/1 labels; the
# curve has one row per distinct score, plus the row at $+\infty$.

# %%
# figure: ROCR.simple's ROC curve as each implementation computes it, one panel each.
# alt: Side-by-side panels, one per implementation (weightedroc, scikit-learn and the available R packages), each showing the same ROC curve of ROCR.simple.
rocr_simple = weightedroc.load_rocr_simple()
rocr_simple_roc = WeightedROC(rocr_simple["predictions"], rocr_simple["labels"])
rocr_simple_curves = curves_of(rocr_simple["predictions"], rocr_simple["labels"], levels=[0, 1])
roc_plot(rocr_simple_curves, by="package", panels=True) + p9.theme(figure_size=(10, 4))

# %% [markdown]
# The panels look alike; the differences show how alike. R's WeightedROC's
# vertices are `weightedroc`'s, bit for bit: every point of its panel lies on
# the zero line. The other curves have as many vertices, each within a few
# ulps of one of `weightedroc`'s (the axis turns logarithmic beyond 1 ulp
# either side, when a difference exceeds 10). The rates are fractions such
# as $k/93$ that no double holds exactly, and each implementation rounds them
# its own way (R's WeightedROC, and so `weightedroc`, computes
# $\text{TPR} = 1 - \text{FN}/W_1$, the others $\text{TP}/W_1$; pROC's FPR is
# $1 - \text{specificity}$): the differences are those roundings, largest
# near (0, 0), where $1 - \text{FN}/W_1$ rounds a small rate to the ulp of 1.

# %%
# figure: How far each implementation's vertices of ROCR.simple's curve lie from weightedroc's, in ulps.
# alt: One panel per implementation of the difference from weightedroc at each vertex of ROCR.simple's curve, in ulps against the position along the curve: R's WeightedROC is 0 everywhere, the others within a few ulps, more near (0, 0).
agreement_plot(rocr_simple_curves, by="package") + p9.theme(figure_size=(10, 5))

# %% [markdown]
# The AUCs, with how far each lies from `weightedroc`'s, as a difference and
# in ulps (the line above the table sums it up). Implementations that add up
# the area in another order may differ in the last bits:

# %%
rocr_simple_aucs = aucs_of(rocr_simple["predictions"], rocr_simple["labels"], levels=[0, 1])
readable(rocr_simple_aucs)

# %% [markdown]
# ### pROC's example data
#
# In `aSAH` the biomarker `s100b` of 113 patients has only 50 distinct values,
# so many patients share a score: ties, which every implementation must treat
# alike (a tie between a positive and a negative gives a diagonal segment). The
# outcome is a categorical with levels Good, Poor; as in R, the second, Poor,
# is the positive class.

# %%
asah = weightedroc.load_asah()
asah["s100b"].value_counts().sort_index().head(10)

# %%
# figure: aSAH's s100b ROC curve as each implementation computes it, one panel each.
# alt: Side-by-side panels, one per implementation, each showing the same ROC curve of s100b with diagonal segments where patients share a score.
asah_roc = WeightedROC(asah["s100b"], asah["outcome"])
asah_curves = curves_of(asah["s100b"], asah["outcome"], levels=["Good", "Poor"])
roc_plot(asah_curves, by="package", panels=True) + p9.theme(figure_size=(10, 4))

# %% [markdown]
# The diagonal segments of the ties are in every panel. How far each
# vertex lies from `weightedroc`'s:

# %%
# figure: How far each implementation's vertices of the s100b curve lie from weightedroc's.
# alt: Points of the difference from weightedroc's vertices, per implementation, all within a few ulps of zero.
agreement_plot(asah_curves, by="package") + p9.theme(figure_size=(10, 5))

# %%
asah_aucs = aucs_of(asah["s100b"], asah["outcome"], levels=["Good", "Poor"])
readable(asah_aucs)

# %% [markdown]
# ### Several curves in one tidy frame
#
# pROC's documentation compares three markers of `aSAH`: `s100b`, `ndka` and the
# WFNS grade `wfns`. In long form, one row per patient and marker, `roc_table`
# computes one curve per marker and `auc_table` one AUC per marker (R's pROC
# finds 0.731, 0.612 and 0.824); `roc_plot` draws one curve per value of the
# `marker` column.

# %%
markers = asah.melt(
    id_vars="outcome", value_vars=["s100b", "ndka", "wfns"], var_name="marker", value_name="score"
)
marker_roc = weightedroc.roc_table(markers, guess="score", label="outcome", by="marker")
marker_aucs = weightedroc.auc_table(markers, guess="score", label="outcome", by="marker")
marker_aucs.rename(
    columns={"auc": "AUC", "n": "patients", "positive_weight": "Poor", "negative_weight": "Good"}
).round({"AUC": 3}).astype({"Poor": int, "Good": int})

# %%
# figure: ROC curves of three aSAH markers from one tidy frame.
# alt: Three ROC curves in different colours, for s100b, ndka and wfns; wfns lies highest and ndka closest to the diagonal.
roc_plot(marker_roc, by="marker")

# %% [markdown]
# `error_plot` draws the errors of each curve in its own panel, each with its own
# threshold axis (the markers have different units):

# %%
# figure: Weighted errors against the threshold for each aSAH marker, each with its own threshold axis.
# alt: Three panels, one per marker, each with false positives falling, false negatives rising and their sum against that marker's thresholds.
error_plot(marker_roc, by="marker") + p9.theme(figure_size=(10, 4))

# %% [markdown]
# ### A small curve with one tie
#
# Four observations, one positive and one negative tied at score 1: the curve
# goes along the diagonal between the thresholds 1 and 2.

# %%
y_tie = [-1, -1, 1, 1]
y_hat_tie = [1, 2, 3, 1]
tie_roc = WeightedROC(y_hat_tie, y_tie)
tie_auc = WeightedAUC(tie_roc)
tie_roc

# %%
# figure: A four-observation curve with one tie, as each implementation computes it.
# alt: Side-by-side panels, one per implementation, each the same small ROC curve with a diagonal segment where a positive and a negative share the score 1.
tie_curves = curves_of(y_hat_tie, y_tie, levels=[-1, 1])
roc_plot(tie_curves, by="package", panels=True) + p9.theme(figure_size=(10, 4))

# %% [markdown]
# With four observations every rate is a multiple of 1/2, which doubles hold
# exactly: every vertex of every curve is the same double (every point on the
# zero line), and so is every AUC.

# %%
# figure: Differences of the tied example's vertices from weightedroc's: all zero.
# alt: Points of the difference from weightedroc's vertices for the tied example, every one exactly on the zero line.
agreement_plot(tie_curves, by="package") + p9.theme(figure_size=(10, 5))

# %%
readable(aucs_of(y_hat_tie, y_tie, levels=[-1, 1]))

# %% [markdown]
# ## Exactly R's numbers
#
# `?WeightedAUC` computes the AUC of the weighted example with 0/1 labels:

# %%
wauc = WeightedAUC(WeightedROC(y_hat, [0, 0, 1, 1, 1], w))
wauc

# %% [markdown]
# R prints `[1] 0.325` (7 significant digits); `sprintf("%.17g", wauc)` in R
# shows the same double as above.
#
# When R's WeightedROC package is installed, its curves are compared with this
# package's, value by value: they are identical, bit for bit.

# %%
if R["WeightedROC"][0]:
    identical_to_r = {
        "weighted example": rbridge.r_weighted_roc(y_hat, y, w).equals(tp_fp),
        "ROCR.simple": rbridge.r_weighted_roc(
            rocr_simple["predictions"], rocr_simple["labels"]
        ).equals(rocr_simple_roc),
        "aSAH": rbridge.r_weighted_roc(asah["s100b"], asah["outcome"]).equals(asah_roc),
    }
else:
    identical_to_r = {"(not compared)": R["WeightedROC"][1]}
pd.Series(identical_to_r, name="identical to R").to_frame()

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered).
# From R 4.2.2 with WeightedROC 2020.1.31, ROCR and pROC (sprintf("%.17g")).
EXPECTED = {
    "wauc": 0.325,
    "WeightedAUC(tp_fp)": 0.325,
    "rocr_simple_aucs.loc['weightedroc', 'AUC']": 0.83418751884232745,
    "rocr_simple_aucs.loc['scikit-learn', 'AUC']": 0.83418751884232745,
    "asah_aucs.loc['weightedroc', 'AUC']": 0.73136856368563685,
    "asah_aucs.loc['scikit-learn', 'AUC']": 0.73136856368563685,
    "tie_auc": 0.625,
    "marker_aucs.set_index('marker').loc[['s100b', 'ndka', 'wfns'], 'auc'].tolist()": [
        0.73136856368563685,
        0.61195799457994582,
        0.82367886178861793,
    ],
    "len(rocr_simple_roc)": 201,
    "len(asah_roc)": 51,
    "tie_roc['FPR'].tolist()": [1.0, 0.5, 0.0, 0.0],
    "tie_roc['TPR'].tolist()": [1.0, 0.5, 0.5, 0.0],
    "all(v is True for v in identical_to_r.values()) or not R['WeightedROC'][0]": True,
}
