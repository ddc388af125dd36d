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
# # More than two classes
#
# *Hand and Till's and one-vs-rest AUCs of a three-class model, with
# observation weights, next to scikit-learn's and pROC's.*
#
# A model that tells three classes apart has no single ROC curve.  Two
# summaries are in use:
#
# * **Hand and Till's M** (2001), pROC's `multiclass.roc(response, matrix)`
#   and scikit-learn's `roc_auc_score(multi_class="ovo")`: for each pair of
#   classes (i, j), A(i|j) is the AUC of the score column of class i among
#   the observations of classes i and j, A(j|i) that of column j; the pair
#   scores their mean, and M is the mean over pairs.
# * **One-vs-rest**, scikit-learn's `multi_class="ovr"`: the AUC of column k
#   with class k against all others, averaged over the classes.
#
# Neither comes with weights elsewhere: scikit-learn refuses `sample_weight`
# for one-vs-one, and neither pROC nor yardstick's Hand–Till takes weights.
# `weightedroc.multiclass_auc` computes both with weights, each pairwise
# AUC being bit for bit the package's binary `auc_score` of that pair's rows.

# %%
import warnings

import numpy as np
import pandas as pd
from sklearn.datasets import load_wine
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import weightedroc as wr
from weightedroc import rbridge
from weightedroc.plots import multiclass_roc_plot

PROC = rbridge.r_available("pROC")[0]

# %% [markdown]
# ## A three-class model
#
# The wine data (bundled with scikit-learn): 178 wines of three cultivars,
# told apart here by a logistic regression on two of their 13 measurements
# (alcohol and malic acid), so that it errs.  The probabilities are
# out-of-fold (5-fold cross-validation).  Each wine is a tasting sample of
# a number of production lots, 1 to 5: a lot misjudged is a lot sold
# under the wrong name, so each wine counts as many times as it has lots.
# These are *frequency* weights (whole numbers of identical rows); costs or
# inverse sampling probabilities are *importance* weights, the default of
# every function here.  The AUCs are the same for both; variances differ.

# %%
wine = load_wine(as_frame=True)
cultivar = pd.Categorical.from_codes(wine.target, ["barolo", "grignolino", "barbera"])
model = make_pipeline(StandardScaler(), LogisticRegression())
folds = StratifiedKFold(5, shuffle=True, random_state=0)
features = wine.data[["alcohol", "malic_acid"]]
probability = cross_val_predict(model, features, wine.target, cv=folds, method="predict_proba")
scores = pd.DataFrame(probability, columns=cultivar.categories)
lots = np.random.default_rng(2026).integers(1, 6, len(scores))
pd.concat(
    [scores.round(3), pd.Series(cultivar, name="cultivar"), pd.Series(lots, name="lots")], axis=1
).head()

# %% [markdown]
# `scores` is a frame whose columns are named by class (in any order); a
# 2-D array with one column per class, in the order of `levels` (by default
# the sorted classes, or a Categorical's categories), works too.

# %% [markdown]
# ## Without weights: scikit-learn's and pROC's numbers
#
# Both methods and both averages: "macro" is the plain mean over pairs (or
# classes), "weighted" weights each pair by the share of observations in its
# two classes (each class by its share, for one-vs-rest), as scikit-learn's.

# %%
unit = []
for method, sklearn_name in (("hand_till", "ovo"), ("ovr", "ovr")):
    for average in ("macro", "weighted"):
        unit.append(
            {
                "method": method,
                "average": average,
                "weightedroc": wr.multiclass_auc(scores, cultivar, method=method, average=average),
                "scikit-learn": roc_auc_score(
                    wine.target, probability, multi_class=sklearn_name, average=average
                ),
            }
        )
unit = pd.DataFrame(unit)
unit["difference"] = unit["weightedroc"] - unit["scikit-learn"]
unit

# %% [markdown]
# pROC's `multiclass.roc` (Hand and Till, macro), through rpy2 when R is
# available:

# %%
R_MULTICLASS = """function(y, p, levels) {
  colnames(p) <- levels
  as.numeric(pROC::multiclass.roc(factor(y, levels = levels), p, quiet = TRUE)$auc)
}"""


def proc_hand_till(label, matrix):
    """pROC's Hand and Till AUC of string labels and a probability matrix."""
    ro = rbridge.robjects()
    levels = list(cultivar.categories)
    p = ro.r.matrix(ro.FloatVector(np.asarray(matrix).T.ravel()), nrow=len(label))
    return ro.r(R_MULTICLASS)(ro.StrVector(np.asarray(label, dtype=str)), p, ro.StrVector(levels))[
        0
    ]


hand_till = wr.multiclass_auc(scores, cultivar)
if PROC:
    print(f"pROC {proc_hand_till(cultivar, probability):.15f}\nweightedroc {hand_till:.15f}")
else:
    print(f"weightedroc {hand_till:.15f} (R or pROC not available here)")

# %% [markdown]
# ## With weights
#
# scikit-learn takes `sample_weight` for one-vs-rest only:

# %%
try:
    roc_auc_score(wine.target, probability, multi_class="ovo", sample_weight=lots)
except ValueError as error:
    print(f"scikit-learn: {error}")

# %%
weighted = []
for method in ("hand_till", "ovr"):
    for average in ("macro", "weighted"):
        row = {
            "method": method,
            "average": average,
            "weightedroc": wr.multiclass_auc(
                scores, cultivar, lots, method=method, average=average
            ),
        }
        row["scikit-learn"] = (
            roc_auc_score(
                wine.target, probability, multi_class="ovr", average=average, sample_weight=lots
            )
            if method == "ovr"
            else "refuses weights"
        )
        weighted.append(row)
weighted = pd.DataFrame(weighted)
weighted

# %% [markdown]
# With weights, "weighted" averaging uses the *weighted* prevalence: each
# class's total weight.  Whole-number weights are rows repeated, so the
# weighted Hand and Till AUC can be checked against scikit-learn's and
# pROC's unweighted one on the data with each wine repeated once per lot:

# %%
rows = np.repeat(np.arange(len(scores)), lots)
repeated = {
    "weightedroc, weights": wr.multiclass_auc(scores, cultivar, lots),
    "scikit-learn, rows repeated": roc_auc_score(
        wine.target[rows], probability[rows], multi_class="ovo"
    ),
}
if PROC:
    repeated["pROC, rows repeated"] = proc_hand_till(cultivar[rows], probability[rows])
pd.Series(repeated, name="Hand and Till AUC").to_frame()

# %% [markdown]
# ## The curves
#
# `multiclass_roc` stacks every curve behind the AUC in one tidy frame,
# named by its `positive` and `negative` classes: for Hand and Till, two per
# pair (A(i|j) reads column i among classes i and j, A(j|i) column j), each
# exactly `WeightedROC` of its rows; for one-vs-rest one per class, against
# "rest".

# %%
pairs = wr.multiclass_roc(scores, cultivar, lots)
pair_aucs = (
    pairs.groupby(["positive", "negative"], observed=True, sort=False)[["TPR", "FPR"]]
    .apply(wr.WeightedAUC)
    .rename("AUC")
    .reset_index()
)
pair_aucs

# %% [markdown]
# The mean over pairs of the two AUCs of each pair is Hand and Till's M:

# %%
print(f"{pair_aucs['AUC'].mean():.15f}\n{wr.multiclass_auc(scores, cultivar, lots):.15f}")

# %% [markdown]
# Each panel is a pair of cultivars, with the curve of each one's column:

# %%
# figure: One-vs-one: for each pair of cultivars, the curves of each one's score column.
# alt: One panel per pair of wine cultivars, each with two ROC curves, one for each cultivar's column of scores.
multiclass_roc_plot(pairs)

# %% [markdown]
# One-vs-rest, a curve per cultivar against the two others:

# %%
# figure: One-vs-rest: each cultivar's curve against the two others.
# alt: Three ROC curves, one per cultivar against the rest.
multiclass_roc_plot(wr.multiclass_roc(scores, cultivar, lots, method="ovr"))

# %% [markdown]
# ## How sure: an interval
#
# pROC gives no variance for a multiclass AUC.  `multiclass_auc_ci` takes
# the exact change of M when each observation is left out (its placement
# values in every curve it belongs to, as the package's weighted DeLong
# variance), and the jackknife of those changes stratified by class; the
# pairwise AUCs share observations, and their covariances are in it.  With
# two classes it is `auc_var` exactly.  Frequency weights give the interval
# of the rows repeated:

# %%
intervals = {}
for name, weights, kind in (
    ("unit weights", None, "importance"),
    ("lots as frequency weights", lots, "frequency"),
):
    ci = wr.multiclass_auc_ci(scores, cultivar, weights, weights_are=kind)
    intervals[name] = {"AUC": ci.estimate, "conf_low": ci.conf_low, "conf_high": ci.conf_high}
ci = wr.multiclass_auc_ci(scores.iloc[rows], cultivar[rows])
intervals["rows repeated"] = {
    "AUC": ci.estimate,
    "conf_low": ci.conf_low,
    "conf_high": ci.conf_high,
}
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    ci = wr.multiclass_auc_ci(scores, cultivar, lots)
intervals["lots as importance weights"] = {
    "AUC": ci.estimate,
    "conf_low": ci.conf_low,
    "conf_high": ci.conf_high,
}
for warning in caught:
    print(warning.message)
pd.DataFrame(intervals).T

# %% [markdown]
# As frequency weights, the lots are 529 observations, and the interval is
# that of the rows repeated.  As importance weights they are 178 wines of
# unequal importance: the same AUC, a wider interval (Student's t with the
# variance's Satterthwaite degrees of freedom, as `auc_ci` takes for
# importance weights).

# %% [markdown]
# The interval's coverage was measured by simulation
# (benchmarks/multiclass_coverage.py, table in
# benchmarks/results/multiclass_coverage.md): three classes of 30 to 300
# observations, unit and log-normal importance weights, Hand and Till and
# one-vs-rest, macro and weighted, 1000 samples each.  95% intervals
# covered 0.937-0.956 with unit weights and with weights of log-sd 0.5 or
# of log-sd 1 and 300 observations a class; 0.927-0.974 with log-sd 1 and
# a class of 30, where every sample warned (a class's Kish effective size
# below 50).
#
# ## A single score
#
# A 1-D score (one number per observation, higher meaning a later class)
# gives pROC's univariate `multiclass.roc(response, predictor)`: the mean of
# the AUCs of every pair of classes, the later class of each pair positive.
# `direction` is never guessed (pROC's default "auto" picks each pair's
# direction from the data, which biases the AUC up).

# %%
alcohol = wine.data["alcohol"]
print(
    f'"<": {wr.multiclass_auc(alcohol, cultivar, lots, direction="<"):.4f}\n'
    f'">": {wr.multiclass_auc(alcohol, cultivar, lots, direction=">"):.4f}'
)

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered).
# From scikit-learn 1.6 (roc_auc_score on these probabilities, ovr with
# sample_weight, ovo on the rows repeated) and pROC 1.18 (multiclass.roc on
# the rows repeated).
EXPECTED = {
    "[f'{a:.6f}' for a in unit['weightedroc']]": ["0.905900", "0.908518", "0.909357", "0.912939"],
    "[f'{a:.6f}' for a in weighted['weightedroc'][2:]]": ["0.915142", "0.917327"],
    "f\"{repeated['weightedroc, weights']:.6f}\"": "0.911676",
    'f"{hand_till:.6f}"': "0.905900",
}
