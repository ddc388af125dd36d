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
# # Cost-sensitive evaluation
#
# *Which threshold should be deployed, what does it cost, and does the model
# beat doing nothing?  With weights that are per-example costs, the weighted
# ROC curve answers all three; and the model with the higher AUC is not
# always the cheaper one.*
#
# ## Data and costs
#
# The Wisconsin diagnostic breast cancer data, shipped with scikit-learn,
# describe fine-needle aspirates of 569 breast masses by 30 measurements of
# the cell nuclei; 212 masses are malignant (the positives, $y_i = 1$) and
# 357 benign ($y_i = -1$).
#
# Each observation gets the cost $w_i$ of misclassifying it:
#
# * a benign mass called malignant (a false positive) costs $w_i = 1$: an
#   unnecessary biopsy;
# * a malignant mass called benign (a false negative) costs
#   $w_i = 10 \times a_i / \operatorname{median}_{j:\,y_j=1} a_j$, where $a_i$
#   is the tumour's largest ("worst") area: a missed cancer costs ten
#   biopsies for a typical malignant tumour, and more the larger it is, as
#   treatment delayed for a large tumour is dearer.
#
# Then at a threshold $\tau$ the weighted counts of the curve,
# $\operatorname{FN}(\tau) = \sum_{i: y_i = 1,\, \hat y_i < \tau} w_i$ and
# $\operatorname{FP}(\tau) = \sum_{i: y_i = -1,\, \hat y_i \geq \tau} w_i$, add up to the
# total cost of the decisions $\operatorname{FN}(\tau) + \operatorname{FP}(\tau)$.

# %%
import os

import numpy as np
import pandas as pd
import plotnine as p9
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import weightedroc as wr
from weightedroc.plots import cost_auc_plot, cost_plot, hull_plot, pr_plot

pd.set_option("display.width", 120)

FAST = os.environ.get("WEIGHTEDROC_FAST") == "1"
N_BOOT = 200 if FAST else 2000

cancer = load_breast_cancer(as_frame=True)
features = cancer.data
malignant = (cancer.target == 0).to_numpy()  # scikit-learn codes malignant as 0
area = features["worst area"].to_numpy()
cost = np.where(malignant, 10 * area / np.median(area[malignant]), 1.0)
pd.Series(cost[malignant]).describe().round(1)

# %% [markdown]
# A missed malignant tumour costs between 3.9 and 32.6 biopsies (median
# 10).  The total weight of the positives, $W_1$, is the cost of calling
# every mass benign; that of the negatives, $W_{-1} = 357$, the cost of
# sending every patient to biopsy.

# %%
W1, W0 = cost[malignant].sum(), cost[~malignant].sum()
print(f"W1 = {W1:.1f}, W-1 = {W0:.0f}, weighted prevalence pi = {W1 / (W1 + W0):.3f}")

# %% [markdown]
# ## Two models
#
# Two logistic regressions see different measurements: a *size* model sees
# only the mean area of the nuclei, a *shape* model the worst concavity and
# the mean texture.  Their scores are out-of-fold predicted probabilities of
# malignancy from 5-fold cross-validation, so that no mass is scored by a
# model that saw it.

# %%
MODELS = {"size": ["mean area"], "shape": ["worst concavity", "mean texture"]}
folds = StratifiedKFold(5, shuffle=True, random_state=0)
scores = {
    name: cross_val_predict(
        make_pipeline(StandardScaler(), LogisticRegression()),
        features[columns],
        malignant,
        cv=folds,
        method="predict_proba",
    )[:, 1]
    for name, columns in MODELS.items()
}
rocs = {name: wr.WeightedROC(score, malignant, cost) for name, score in scores.items()}
intervals = {
    name: wr.auc_ci(score, malignant, cost, method="bootstrap", n_boot=N_BOOT, seed=1)
    for name, score in scores.items()
}
auc_table = pd.DataFrame(
    {
        "weighted AUC": {name: wr.WeightedAUC(roc) for name, roc in rocs.items()},
        "95% CI low": {name: ci.conf_low for name, ci in intervals.items()},
        "95% CI high": {name: ci.conf_high for name, ci in intervals.items()},
        "unweighted AUC": {name: wr.auc_score(score, malignant) for name, score in scores.items()},
    }
)
auc_table.round(3)

# %% [markdown]
# By the weighted AUC the size model is clearly better: 0.967 against
# 0.939, and its 95% bootstrap interval (`auc_ci`, resampling within each
# class) lies above the shape model's estimate (unweighted, the two are
# close: 0.938 against 0.933).  Weighted by what a mistake costs, the size
# model ranks a malignant mass above a benign one more often, averaged over
# all thresholds.  But a clinic uses one threshold.
#
# ## Cost against threshold
#
# `threshold_cost(roc, cost_fp=..., cost_fn=...)` adds the column
# $\text{cost} = c_{\operatorname{FP}}\, \operatorname{FP} + c_{\operatorname{FN}}\, \operatorname{FN}$; the weights already are the
# costs, so $c_{\operatorname{FP}} = c_{\operatorname{FN}} = 1$.  `best_threshold(roc, "cost", ...)`
# returns the cheapest row; ties would go to the lowest threshold.

# %%
best = pd.DataFrame(
    {name: wr.best_threshold(roc, "cost", cost_fp=1, cost_fn=1) for name, roc in rocs.items()}
).T
best["cost per patient"] = best["cost"] / len(cost)
best[["threshold", "TPR", "FPR", "FN", "FP", "cost", "cost per patient"]].round(3)

# %%
# figure: The weighted cost of each threshold for each model, with the cheapest threshold marked.
# alt: One panel per model: total weighted cost (false positives plus false negatives) against the threshold, a step curve that falls to a minimum, marked by a point and a dotted vertical line at the model's cheapest threshold, below a dashed line of the cheaper trivial rule.
cost_plot(rocs, cost_fp=1, cost_fn=1, by="model") + p9.theme(figure_size=(9, 4.2))

# %% [markdown]
# At its cheapest threshold the shape model costs 133.5 biopsy-equivalents
# for the 569 patients (0.23 per patient), the size model 170.7 (0.30): the
# model with the lower AUC is the one to deploy, and it saves a fifth of the
# cost.  Both cheapest thresholds are low (a malignancy probability near
# 0.2), because a miss costs far more than a biopsy: the shape model reaches
# a weighted sensitivity of 0.987 there.  Youden's index, which ignores the
# costs, chooses thresholds that cost about twice as much:

# %%
youden = pd.DataFrame({name: wr.best_threshold(roc, "youden") for name, roc in rocs.items()}).T
youden["cost"] = youden["FN"] + youden["FP"]
youden[["threshold", "TPR", "FPR", "youden", "cost"]].round(3)

# %% [markdown]
# ## Minimum risk, convex hull and iso-cost lines
#
# In general, with a prior probability $p$ of a positive and costs
# $c_\text{miss}$, $c_\text{fa}$ of a miss and of a false alarm, the
# expected risk of an operating point is
#
# $$
# R = p\,(1 - \operatorname{TPR})\,c_\text{miss} + (1 - p)\,\operatorname{FPR}\,c_\text{fa}.
# $$
#
# `min_risk` returns the row of least risk and compares it with the better
# trivial rule: "all negative" (risk $p\,c_\text{miss}$) or "all positive"
# (risk $(1-p)\,c_\text{fa}$).  By default $p$ is the weighted prevalence
# $\pi = W_1 / (W_1 + W_{-1})$ and the costs are 1, so that
# $R = (\operatorname{FN} + \operatorname{FP}) / (W_1 + W_{-1})$: the cost above, per unit of total weight.

# %%
risks = {name: wr.min_risk(roc) for name, roc in rocs.items()}
risk_table = pd.DataFrame(
    [
        {
            "model": name,
            "min risk": r.risk,
            "threshold": r.threshold,
            "TPR": r.TPR,
            "FPR": r.FPR,
            "trivial rule": r.trivial_rule,
            "trivial risk": r.trivial_risk,
            "normalized risk": r.normalized_risk,
        }
        for name, r in risks.items()
    ]
).set_index("model")
risk_table.round(4)

# %% [markdown]
# The thresholds are those of the cost table above.  Both models beat
# sending everybody to biopsy, the better trivial rule (risk
# $W_{-1} / (W_1 + W_{-1}) = 0.134$), but the size model keeps 48% of that
# risk and the shape model 37%.
#
# Points of equal risk lie on lines of slope
# $(1 - p)\,c_\text{fa} / (p\,c_\text{miss})$ in ROC space, here
# $W_{-1}/W_1 \approx 0.15$: shallow lines, so the optimum sits high on the
# curve, where the true positive rate is close to 1.  The optimum is always a
# vertex of the ROC convex hull (`roc_convex_hull`), the curve a
# PAV-calibrated score would give.  The plot shows, for each model, the
# curve, its hull, the iso-cost line through the optimum
# (`isocost_line`) and the majority-isocost line through (1, 1), the risk of
# calling everything positive: the farther the optimum's line lies above
# it, the more the model saves.

# %%
# figure: Each model's ROC curve with its convex hull, the iso-cost line through its optimum and the majority iso-cost line.
# alt: One panel per model: the ROC curve, its convex hull drawn over it, a straight iso-cost line touching the hull at the optimum, and the line through (1, 1) of calling everything positive, which lies below the optimum's line.
hull_plot(rocs, by="model") + p9.theme(figure_size=(9, 5.4))

# %% [markdown]
# ## Where the curves differ: partial and cost-based AUC
#
# The size model wins on most of the curve but loses near TPR = 1, the
# region these costs care about.  `partial_auc` measures the area over an
# FPR range or, as pROC's sensitivity focus, a TPR range; with
# `correct=True` McClish's standardisation makes 0.5 chance and 1 perfect.
#
# The cost-based partial AUC (`cost_auc`) keeps the part of the curve that
# beats a random classifier predicting "positive" with probability $\pi$,
# i.e. the points above the line
#
# $$
# y = 1 - \frac{1 - \pi}{\rho} + \frac{1 - \rho}{\rho}\,\frac{1 - \pi}{\pi}\,x ,
# $$
#
# with $\rho = c_{\operatorname{FN}} / (c_{\operatorname{FN}} + c_{\operatorname{FP}})$ (here 1/2), and reports the
# area between the curve and that line as a fraction of the largest
# possible.

# %%
areas = pd.DataFrame(
    {
        name: {
            "AUC": wr.partial_auc(roc),
            "pAUC TPR in [0.9, 1], McClish": wr.partial_auc(roc, tpr_range=(0.9, 1), correct=True),
            "pAUC FPR in [0, 0.1], McClish": wr.partial_auc(roc, fpr_range=(0, 0.1), correct=True),
            "cost-based pAUC ratio": wr.cost_auc(roc).ratio,
        }
        for name, roc in rocs.items()
    }
).T
areas.round(3)

# %%
# figure: The cost-sensitive area: the part of each ROC curve above the line of the trivial classifiers.
# alt: One panel per model: the ROC curve with the region between it and the line of the trivial classifiers shaded; the shaded share is the cost-sensitive AUC.
cost_auc_plot(rocs, by="model") + p9.theme(figure_size=(9, 5.6))

# %% [markdown]
# At high sensitivity (TPR in [0.9, 1], where both optima lie) the shape
# model is ahead, 0.876 against 0.853; at low false positive rates (FPR in
# [0, 0.1]), where the size model gains most of its AUC lead, it is far
# behind, 0.758 against 0.918.  The cost-based partial AUC still prefers the
# size model (0.827 against 0.787): its line, $y = 0.73 + 0.15\,x$, keeps
# every operating point that beats the random classifier, from TPR = 0.73
# up, and the size model is ahead over most of that band.  An area, even a
# cost-based one, averages over operating points; the decision needs the
# one point of least risk, and only `min_risk` (or the cost table) gives it.
#
# ## Precision and recall
#
# `weighted_pr` gives the weighted precision-recall curve, with precision
# $\operatorname{TP} / (\operatorname{TP} + \operatorname{FP})$ in weighted counts, and `average_precision` its step-wise
# area, equal to scikit-learn's `average_precision_score` with
# `sample_weight`.

# %%
# figure: Weighted precision-recall curves of the models; the precision axis starts just below the weighted prevalence.
# alt: Precision against recall for each model, as step curves in different colours; precision stays near 1 over most of the recall range and falls towards the weighted prevalence, 0.87, as recall reaches 1.
prs = {name: wr.weighted_pr(score, malignant, cost) for name, score in scores.items()}
print(
    {name: round(wr.average_precision(score, malignant, cost), 4) for name, score in scores.items()}
)
# The precision axis starts just below the weighted prevalence, 0.87 (the
# precision of sending everybody to biopsy), not at 0.
pr_plot(prs, by="model") + p9.theme(figure_size=(7, 4.5))

# %% [markdown]
# Average precision, another average over thresholds, also prefers the size
# model (0.995 against 0.985), whose precision is higher at all but the
# highest recalls.
#
# ## Summary
#
# * With costs as weights, `threshold_cost`, `best_threshold(..., "cost")`
#   and `min_risk` choose the threshold to deploy and say what it costs,
#   next to the cost of doing nothing.
# * A higher AUC does not mean a lower cost: here the size model has the
#   higher weighted AUC (0.967 against 0.939) and also the higher minimum
#   risk (0.064 against 0.050), that is 30 against 23 biopsy-equivalents
#   per 100 patients.
# * The partial AUC over the region where the costs put the operating point
#   (TPR in [0.9, 1] here) agrees with the decision; the full AUC, the
#   average precision and even the cost-based partial AUC, which average
#   over many operating points, do not.
# * `roc_convex_hull` and `isocost_line` show the decision in ROC space: the
#   optimum is where the highest iso-cost line touches the hull, and the
#   model beats doing nothing when that line lies above the majority line.

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered).
# Independent source: the same cross-validated scores scored by
# scikit-learn's roc_auc_score(sample_weight=cost) and by a loop over the
# thresholds summing the costs of the errors (tests/test_cost_vignette.py
# recomputes them live).
EXPECTED = {
    "(len(cost), int(malignant.sum()), int(W0))": (569, 212, 357),
    "f'{W1:.2f}'": "2314.08",
    "f\"{wr.WeightedAUC(rocs['size']):.4f}\"": "0.9666",
    "f\"{wr.WeightedAUC(rocs['shape']):.4f}\"": "0.9390",
    "f\"{best.loc['size', 'cost']:.3f}\"": "170.650",
    "f\"{best.loc['shape', 'cost']:.3f}\"": "133.502",
    "f\"{risks['size'].risk:.5f}\"": "0.06389",
    "f\"{risks['shape'].risk:.5f}\"": "0.04998",
    "f\"{best.loc['size', 'threshold']:.4f}\"": "0.2036",
    "f\"{best.loc['shape', 'threshold']:.4f}\"": "0.1707",
}
