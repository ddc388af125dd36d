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
# # Inference
#
# *Confidence intervals and tests for (weighted) AUCs: pROC's DeLong
# methods reproduced number for number, then extended to weights.*
#
# pROC (Robin et al., 2011) gives every AUC a standard error by DeLong,
# DeLong and Clarke-Pearson (1988): `var(roc)`, `cov(roc1, roc2)`,
# `ci.auc(roc)` and `roc.test(roc1, roc2)`.  `weightedroc` has the same four,
# taking raw scores as every function here does:
#
# | pROC | weightedroc |
# | --- | --- |
# | `var(roc(y, x))` | `auc_var(x, y)` |
# | `cov(roc(y, x1), roc(y, x2))` | `auc_cov(x1, x2, y)` |
# | `ci.auc(roc(y, x))` | `auc_ci(x, y)` |
# | `roc.test(roc(y, x1), roc(y, x2))` | `roc_test(x1, x2, y)` |
#
# With unit weights the numbers are pROC's to 1e-12 relative
# (tests/test_delong_live.py checks them against pROC 1.18 through rpy2).

# %%
import os
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import plotnine as p9

import weightedroc as wr

asah = wr.load_asah()
FAST = os.environ.get("WEIGHTEDROC_FAST") == "1"

# %% [markdown]
# ## pROC's examples on aSAH
#
# The aSAH data: 113 patients after an aneurysmal subarachnoid haemorrhage,
# 41 with a poor outcome; s100b and wfns are two markers of it.
#
# R:
# ```
# > r1 <- roc(aSAH$outcome, aSAH$s100b); r2 <- roc(aSAH$outcome, aSAH$wfns)
# > var(r1)
# [1] 0.002668682
# > ci.auc(r1)
# 95% CI: 0.6301-0.8326 (DeLong)
# > cov(r1, r2)
# [1] 0.001196156
# ```

# %%
variance = wr.auc_var(asah["s100b"], asah["outcome"])
ci = wr.auc_ci(asah["s100b"], asah["outcome"])
covariance = wr.auc_cov(asah["s100b"], asah["wfns"], asah["outcome"])
print(f"{variance:.7g}\n95% CI: {ci.lower:.4f}-{ci.upper:.4f} (DeLong)\n{covariance:.7g}")

# %% [markdown]
# The paired test (both markers measured on the same patients; as in pROC,
# `paired` is inferred from the labels being the same), printed as R
# prints it.  R:
# ```
# > roc.test(r1, r2)
#
# 	DeLong's test for two correlated ROC curves
#
# data:  r1 and r2
# Z = -2.209, p-value = 0.02718
# alternative hypothesis: true difference in AUC is not equal to 0
# 95 percent confidence interval:
#  -0.17421442 -0.01040618
# sample estimates:
# AUC of roc1 AUC of roc2
#   0.7313686   0.8236789
# ```

# %%
paired = wr.roc_test(asah["s100b"], asah["wfns"], asah["outcome"])
paired

# %% [markdown]
# One-sided (`alternative="greater"`: R gives p-value = 0.9864) and unpaired
# (`paired=False`: pROC's Student statistic with Welch-Satterthwaite degrees
# of freedom; R gives D = -1.4349, df = 206.66, p-value = 0.1528):

# %%
greater = wr.roc_test(asah["s100b"], asah["wfns"], asah["outcome"], alternative="greater")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # "The ROC curves seem to be paired", as R warns
    unpaired = wr.roc_test(asah["s100b"], asah["wfns"], asah["outcome"], paired=False)
print(f"greater: p-value = {greater.p_value:.4g}")
unpaired

# %% [markdown]
# ## Weights
#
# A weighted AUC is a ratio of double sums over positives $i$ and negatives
# $j$,
#
# $$
# \hat A = \frac{\sum_{i}\sum_{j} w_i w_j \psi_{ij}}{W_1 W_0},\qquad
# \psi_{ij} = 1, \tfrac12, 0 \text{ as } x_i >, =, < y_j,
# $$
#
# with $W_1$, $W_0$ the total weights of the positives and the negatives.
# Weights mean one of two things, named as hardhat names them:
#
# * **frequency_weights** (`weights_are="frequency"`): whole numbers that
#   count identical observations.  Everything equals the unweighted method
#   on the data with each row repeated $w_i$ times (non-integer weights are
#   an error).
# * **importance_weights** (`weights_are="importance"`, the default): costs
#   or inverse sampling probabilities.  Multiplying every weight by a
#   constant changes nothing.
#
# **Placement values.**  The placement value of positive $i$ is the weight
# of the negatives below it, ties counted half, over $W_0$:
# $V_i = \sum_j w_j\psi_{ij}/W_0$; that of negative $j$ is
# $V_j = \sum_i w_i\psi_{ij}/W_1$.  Then
# $\hat A = \sum_i w_i V_i / W_1 = \sum_j w_j V_j / W_0$.
# Sorted once, the placement values are cumulated sums over groups of tied
# guesses, so the whole computation is $O(n\log n)$, not $O(mn)$ pairs.
# (Weighting the usual rank-based fast DeLong instead is wrong with ties:
# the midranks count observations, not weight.)
#
# **Influence function.**  Hold the negatives fixed: $\hat A$ is a ratio
# estimator in the positives, $\sum_i w_i V_i / \sum_i w_i$, whose
# derivative along $w_i$ (its influence) is $z_i = w_i (V_i - \hat A)/W_1$;
# likewise $z_j = w_j (V_j - \hat A)/W_0$ for the negatives, both summing to
# zero within their class.  The two classes are independent samples, so the
# linearised variance is the sum of each class's with-replacement variance
# of a total:
#
# $$
# \widehat{\operatorname{var}}(\hat A) = \frac{m}{m-1}\sum_i z_i^2 + \frac{n}{n-1}\sum_j z_j^2
# = \frac{m}{m-1}\frac{\sum_i w_i^2 (V_i-\hat A)^2}{W_1^2}
# + \frac{n}{n-1}\frac{\sum_j w_j^2 (V_j-\hat A)^2}{W_0^2},
# $$
#
# $m$, $n$ the numbers of positives and negatives.  With unit weights this
# is DeLong's $S_{10}/m + S_{01}/n$; it is unchanged when every weight is
# multiplied by a constant.  The covariance of two scores of the same
# observations replaces $(V-\hat A)^2$ by $(V-\hat A)(V'-\hat A')$; the paired
# test and its interval use $\operatorname{var}(\hat A_1 - \hat A_2)$ from
# them.  For the unpaired test the degrees of freedom count the Kish
# effective sizes $(\sum w)^2/\sum w^2$ instead of the numbers of
# observations.
#
# For frequency weights the same placement values give DeLong's estimate on
# the repeated rows: $m, n$ become $W_1, W_0$ and $w_i^2$ becomes $w_i$.
# Below, a frequency-weighted variance against pROC on the rows repeated
# (R: `var(roc(outcome[i], s100b[i]))` with `i <- rep(seq_len(113), w)` and
# `w <- rep(1:3, length.out = 113)` gives 0.001279798):

# %%
counts = np.resize([1, 2, 3], len(asah)).astype(float)
frequency_var = wr.auc_var(asah["s100b"], asah["outcome"], counts, weights_are="frequency")
importance_var = wr.auc_var(asah["s100b"], asah["outcome"], counts)
print(f"frequency: {frequency_var:.7g}, importance: {importance_var:.7g}")

# %% [markdown]
# As importance weights the same numbers describe 113 patients, not 226:
# the variance is larger.
#
# ## Does the interval cover?
#
# `benchmarks/inference_coverage.py` draws samples from a population whose
# AUC is known (negatives N(0, 1), positives N(1, 1): AUC = 0.7602), each
# class from a proposal shifted by $c$ and weighted back by the density
# ratio (importance weights, log-normal with sd $c$), at least 2000 samples
# per setting, and reports how often the 95% intervals hold the true AUC
# (the bootstrap's from fewer samples), with the Monte Carlo error:

# %% tags=["hide-input"]
# Written by benchmarks/inference_coverage.py in the source checkout.
results = Path(wr.__file__).resolve().parent.parent / "benchmarks" / "results"
coverage = pd.read_csv(results / "inference_coverage.csv")
intervals = coverage[coverage["study"] == "interval"]
table = intervals.pivot_table(
    index=["setting", "kish_positives"], columns="method", values="rate", sort=False
).round(3)
table

# %% tags=["hide-input"]
settings = list(intervals["setting"].unique())
shown = intervals.assign(
    low=intervals["rate"] - 2 * intervals["mc_se"],
    high=intervals["rate"] + 2 * intervals["mc_se"],
    y=[
        len(settings) - settings.index(s) + (0.15 if m == "delong" else -0.15)
        for s, m in zip(intervals["setting"], intervals["method"])
    ],
)
(
    p9.ggplot(shown, p9.aes("rate", "y", color="method"))
    + p9.geom_vline(xintercept=0.95, linetype="dashed")
    + p9.geom_segment(p9.aes(x="low", xend="high", yend="y"))
    + p9.geom_point()
    + p9.scale_y_continuous(breaks=list(range(len(settings), 0, -1)), labels=settings)
    + p9.labs(x="coverage of the 95% interval (+- 2 Monte Carlo SE)", y="", color="")
    + p9.theme_bw(base_size=12)
    + p9.theme(figure_size=(9, 4.2), legend_position="top")
)

# %% [markdown]
# The paired test's size (equal AUCs, correlated scores, $\rho = 0.5$) and
# power (AUCs 0.760 and 0.664), 100 positives and 100 negatives:

# %% tags=["hide-input"]
coverage[coverage["study"] == "paired test"][["setting", "replicates", "rate", "mc_se"]]

# %% [markdown]
# ## When to prefer the bootstrap
#
# DeLong's interval is a normal approximation: it is right when each class
# has enough observations and the AUC is not near 0 or 1.  The table shows
# where it fails: with 10 observations a class it under-covers (so does the
# percentile bootstrap), and importance weights cost coverage as their
# spread grows, because the few largest weights decide the estimate (the
# Kish effective size column).  `auc_var`, `auc_ci` and `roc_test` warn
# when importance weights leave a class an effective size below 30.  Prefer
# `auc_ci(..., method="bootstrap")` (stratified, as pROC's) for small or
# heavily weighted samples, for partial AUCs, and for statistics other than
# the AUC; prefer DeLong for speed and for exactly reproducible numbers
# (no random draws), and on large samples where both agree.

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered).
# Independent source: R 4.2.2 with pROC 1.18 (printed above, and
# var/cov to 15 digits: sprintf("%.15g", ...)).
EXPECTED = {
    "variance": 0.00266868245717244,
    "covariance": 0.00119615567376754,
    "round(ci.lower, 4), round(ci.upper, 4)": (0.6301, 0.8326),
    "round(paired.statistic, 3), round(paired.p_value, 5)": (-2.209, 0.02718),
    "[round(x, 8) for x in paired.conf_int]": [-0.17421442, -0.01040618],
    "round(greater.p_value, 4)": 0.9864,
    "round(unpaired.statistic, 4), round(unpaired.parameter['df'], 2)": (-1.4349, 206.66),
    "round(unpaired.p_value, 4)": 0.1528,
    "frequency_var": 0.00127979831482453,
}
