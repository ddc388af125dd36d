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
# # Weighted ROC analysis
#
# *The definition of the weighted ROC curve, after the vignette "Definition of
# the weighted ROC curve" by Toby Dylan Hocking for the R package WeightedROC,
# with the same data, figure and numbers, computed by the Python port
# `weightedroc`.*
#
# ## Introduction
#
# In binary classification, we are given $n$ observations. For each
# observation $i\in \{1, \dots, n\}$ we have an input/feature
# $x_i\in\mathcal X$ and output/label $y_i\in\{-1, 1\}$. For example, say that
# $\mathcal X$ is the space of all photographs, and we want to find a binary
# classifier that predicts whether a particular photograph $x_i$ contains a car
# ($y_i=1$) or does not contain a car ($y_i=-1$).
#
# In weighted binary classification we also have observation-specific weights
# $w_i\in\mathbb R_+$ which are the cost of making an error in predicting that
# observation. Thus the goal is to find a classifier
# $c:\mathcal X \rightarrow \{-1, 1\}$ that minimizes the weighted zero-one
# loss on a set of test data
#
# $$
# \operatorname*{minimize}_c \sum_{i\in\text{test}} I\left[ c(x_i) \neq y_i \right] w_i,
# $$
#
# where $I$ is the indicator function that is 0 for a correct prediction, and 1
# otherwise.
#
# Instead of directly learning a classification function $c$, binary
# classifiers often instead learn a score function
# $f:\mathcal X\rightarrow \mathbb R$. Large values are more likely to be
# positive $y_i=1$ and small values are more likely to be negative. One way of
# evaluating such a model is by using the weighted Receiver Operating
# Characteristic (ROC) curve, as explained in the next section.
#
# ## Weighted ROC curve
#
# Let $\hat y_i=f(x_i)\in\mathbb R$ be the predicted score for each
# observation $i\in\{1, \dots, n\}$, let $\mathcal I_1=\{i:y_i=1\}$ be the set
# of positive examples and let $\mathcal I_{-1}=\{i:y_i=-1\}$ be the set of
# negative examples. Then the total positive weight is
# $W_1=\sum_{i\in\mathcal I_1} w_i$ and the total negative weight is
# $W_{-1} = \sum_{i\in\mathcal I_{-1}} w_i$.
#
# For any threshold $\tau\in\mathbb R$, define the thresholding function
# $t_\tau:\mathbb R\rightarrow\{-1, 1\}$ as
#
# $$
# t_\tau(\hat y) = \begin{cases}
#   1 & \text{ if } \hat y \geq \tau \\
#   -1 & \text{ if } \hat y < \tau.
# \end{cases}
# $$
#
# We define the weighted false positive count as
#
# $$
# \operatorname{FP}(\tau) = \sum_{i\in\mathcal I_{-1}} I\left[ t_\tau(\hat y_i) \neq -1 \right] w_i
# $$
#
# and the weighted false negative count as
#
# $$
# \operatorname{FN}(\tau) = \sum_{i\in\mathcal I_{1}} I\left[ t_\tau(\hat y_i) \neq 1 \right] w_i.
# $$
#
# We define the weighted false positive rate as
#
# $$
# \operatorname{FPR}(\tau) = \frac{1}{W_{-1}} \sum_{i\in\mathcal I_{-1}} I\left[ t_\tau(\hat y_i) \neq -1 \right] w_i
# $$
#
# and the weighted true positive rate as
#
# $$
# \operatorname{TPR}(\tau) = \frac{1}{W_{1}} \sum_{i\in\mathcal I_{1}} I\left[ t_\tau(\hat y_i) = 1 \right] w_i.
# $$
#
# A weighted ROC curve is drawn by plotting $\operatorname{FPR}(\tau)$ and
# $\operatorname{TPR}(\tau)$ for all thresholds $\tau\in\mathbb R$. It can be
# computed and plotted using the Python code

# %%
import plotnine as p9

from weightedroc import WeightedAUC, WeightedROC
from weightedroc.plots import roc_plot

p9.options.figure_size = (6, 5.4)  # inches, for the figures of this page

y = [-1, -1, 1, 1, 1]
w = [1, 1, 1, 4, 5]
y_hat = [1, 2, 3, 1, 1]
tp_fp = WeightedROC(y_hat, y, w)
tp_fp

# %%
# figure: The weighted ROC curve of the definition's example.
# alt: A step-shaped ROC curve from (0, 0) to (1, 1) on equal axes, with the diagonal of random guessing; its area is 0.325, below the diagonal's 0.5.
roc_plot(tp_fp)

# %% [markdown]
# Each row of `tp_fp` is one threshold $\tau$: the smallest score classified
# positive. Only the distinct scores (and $+\infty$, where nothing is positive)
# are needed, since $t_\tau$ changes only when $\tau$ passes a score. Reading
# the definitions literally, one indicator at a time, gives the same table (up
# to rounding: the package computes
# $\operatorname{TPR} = 1 - \operatorname{FN}/W_1$, as R does):

# %%
import numpy as np
import pandas as pd

scores, labels, weights = np.array(y_hat), np.array(y), np.array(w)
W_pos, W_neg = weights[labels == 1].sum(), weights[labels == -1].sum()
by_definition = []
for tau in tp_fp["threshold"]:
    t = np.where(scores >= tau, 1, -1)  # t_tau(y_hat_i)
    FP = (weights * ((labels == -1) & (t != -1))).sum()
    FN = (weights * ((labels == 1) & (t != 1))).sum()
    TP = (weights * ((labels == 1) & (t == 1))).sum()
    by_definition.append(
        {"TPR": TP / W_pos, "FPR": FP / W_neg, "threshold": tau, "FN": FN, "FP": FP}
    )
by_definition = pd.DataFrame(by_definition)
same_as_definition = bool(np.allclose(by_definition, tp_fp, rtol=1e-12))
same_as_definition

# %% [markdown]
# ## Weighted AUC
#
# The Area Under the Curve (AUC) may be computed using the Python code

# %%
auc = WeightedAUC(tp_fp)
print(f"{auc:.7g}")

# %% [markdown]
# (R prints 7 significant digits, `[1] 0.325`. With all 17 significant
# digits, `sprintf("%.17g", auc)` in R and `f"{auc:.17g}"` in Python, both
# languages print `0.32499999999999996`: the port returns R's double bit for
# bit.)
#
# The area is a sum of trapezoids between consecutive rows $j$ and $j+1$ of the
# table,
# $\sum_j \bigl(\operatorname{FPR}_j - \operatorname{FPR}_{j+1}\bigr)
# \bigl(\operatorname{TPR}_j + \operatorname{TPR}_{j+1}\bigr) / 2$:
# here $0.5 \times 0.55 + 0.5 \times 0.1 = 0.325$.

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered).
# From R: WeightedAUC(WeightedROC(c(1,2,3,1,1), c(-1,-1,1,1,1), c(1,1,1,4,5))).
EXPECTED = {
    "auc": 0.325,
    "f'{auc:.7g}'": "0.325",
    "tp_fp['TPR'].tolist()": [1.0, 0.1, 0.1, 0.0],
    "tp_fp['FPR'].tolist()": [1.0, 0.5, 0.0, 0.0],
    "same_as_definition": True,
}
