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
import importlib.util
import os
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

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
print(f"{variance:.7g}\n95% CI: {ci.conf_low:.4f}-{ci.conf_high:.4f} (DeLong)\n{covariance:.7g}")

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
# **The variance: a jackknife of exact leave-one-out AUCs.**  Leave
# positive $i$ out: the negatives' placement values do not move, so the AUC
# becomes $(\hat A W_1 - w_i V_i)/(W_1 - w_i)$ and changes by exactly
#
# $$
# d_i = \hat A_{(-i)} - \hat A = \frac{w_i(\hat A - V_i)}{W_1 - w_i},
# \qquad d_j = \frac{w_j(\hat A - V_j)}{W_0 - w_j}\ \text{for a negative } j.
# $$
#
# The two classes are independent samples, so the variance is the
# two-sample jackknife, one sum per class,
#
# $$
# \widehat{\operatorname{var}}(\hat A) = \frac{m-1}{m}\sum_i (d_i - \bar d_1)^2
# + \frac{n-1}{n}\sum_j (d_j - \bar d_0)^2,
# $$
#
# $m$, $n$ the numbers of positives and negatives.  To first order
# $d_i = -z_i$, where $z_i = w_i (V_i - \hat A)/W_1$ is the influence of
# observation $i$ (the derivative of the ratio estimator
# $\sum_i w_i V_i / \sum_i w_i$ along $w_i$): the jackknife is the
# influence-function (linearised) variance
# $\frac{m}{m-1}\sum_i z_i^2 + \frac{n}{n-1}\sum_j z_j^2$ with each term
# enlarged by $W_1/(W_1 - w_i)$, a factor that matters exactly when one
# observation carries much of its class.  In the study below the
# jackknife covers closer to 95% than the linearised variance (the column
# "delong linearised t", with the same Student t) in every weighted
# setting: by little where the weights are mild (0.946-0.956 against
# 0.944-0.954) and by much where they are concentrated (0.92 and 0.84
# against 0.91 and 0.74); so it is the one computed.  With unit weights
# $d_i = (\hat A - V_i)/(m-1)$ and the sum is DeLong's $S_{10}/m + S_{01}/n$,
# exactly pROC's.  It is unchanged when every weight is multiplied by a
# constant, and, read from placement values, by the order of the
# observations.  The covariance of two scores of the same observations
# replaces $(d - \bar d)^2$ by $(d - \bar d)(d' - \bar d')$; the paired test
# and its interval use $\operatorname{var}(\hat A_1 - \hat A_2)$ from the
# differences $d - d'$.
#
# **Degrees of freedom.**  The variance is a sum of one term $a_k$ per
# observation.  When a few heavy observations dominate it, it is itself
# uncertain, and a normal interval built on it is too short.
# Satterthwaite's approximation (the one pROC's unpaired test uses) gives
# it $\nu = (\sum_k a_k)^2 / \sum_k a_k^2$ degrees of freedom, and the
# interval becomes $\hat A \pm t_\nu \sqrt{\widehat{\operatorname{var}}}$.
# `auc_ci(quantile="auto")` (the default) keeps pROC's normal quantile for
# unit and frequency weights, where it reproduces pROC, and uses Student's
# $t_\nu$ for uneven importance weights; `quantile="t"` asks for it with any
# weights.  The paired `roc_test` keeps pROC's Z with any weights unless
# asked for `quantile="t"`: the study below measured the t test
# conservative.  The unpaired test combines the two curves' variances with Welch and
# Satterthwaite as pROC does, counting observations for unit weights and
# each variance's $\nu$ for importance weights.
#
# For frequency weights the same placement values give DeLong's estimate on
# the repeated rows: $m, n$ become $W_1, W_0$ and each row counts $w_i$
# times, $\sum_i w_i (V_i - \hat A)^2 / (W_1 (W_1 - 1)) + \dots$.
# Below, a frequency-weighted variance against pROC on the rows repeated
# (R: `var(roc(outcome[i], s100b[i]))` with `i <- rep(seq_len(113), w)` and
# `w <- rep(1:3, length.out = 113)` gives 0.001279798), and the same
# numbers as importance weights, with their t interval:

# %%
counts = np.resize([1, 2, 3], len(asah)).astype(float)
frequency_var = wr.auc_var(asah["s100b"], asah["outcome"], counts, weights_are="frequency")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    importance_var = wr.auc_var(asah["s100b"], asah["outcome"], counts)
    weighted_ci = wr.auc_ci(asah["s100b"], asah["outcome"], counts)
print(f"frequency: {frequency_var:.7g}, importance: {importance_var:.7g}")
print(
    f"importance: 95% CI {weighted_ci.conf_low:.4f}-{weighted_ci.conf_high:.4f} "
    f"(Student t, {weighted_ci.df:.1f} df)"
)
print(f"both warned: {caught[0].message}")

# %% [markdown]
# As importance weights the same numbers describe 113 patients, not 226:
# the variance is larger, and the interval uses Student's t.  Both calls
# warn: weights of 1 to 3 leave the 41 poor outcomes a Kish effective size
# of 36, below the 50 where the study below found the interval reliable.
#
# ## Does the interval cover?
#
# `benchmarks/inference_coverage.py` draws samples from a population whose
# AUC is known (negatives N(0, 1), positives N(1, 1): AUC = 0.7602), each
# class from a proposal shifted by $c$ and weighted back by the density
# ratio (importance weights, log-normal with sd $c$), 2000 samples per
# setting (the bootstrap's from fewer), and reports how often the 95%
# intervals hold the true AUC, with the Monte Carlo error (about 0.005 at
# 2000 samples).  The frequency-weighted setting rounds the scores to 0.5
# and aggregates identical rows into one row counting them (its AUC, ties
# counted half, is 0.7369).  "delong auto" is the default; the other DeLong
# column is the quantile it did not choose; "warned" is the share of
# samples on which `auc_ci` warned.

# %% tags=["hide-input"]
# Written by benchmarks/inference_coverage.py in the source checkout.
results = Path(wr.__file__).resolve().parent.parent / "benchmarks" / "results"
coverage = pd.read_csv(results / "inference_coverage.csv")
intervals = coverage[coverage["study"] == "interval"]
table = intervals.pivot_table(
    index=["setting", "kish_positives", "squares_kish_positives"],
    columns="method",
    values="rate",
    sort=False,
)[["delong auto", "delong normal", "delong t", "delong linearised t", "bootstrap"]]
auto = intervals[intervals["method"] == "delong auto"]
table = table.assign(
    **{"median width (auto)": auto["median_width"].to_numpy(), "warned": auto["warned"].to_numpy()}
)
table.index = table.index.set_levels(
    [level.round(1) if level.dtype.kind == "f" else level for level in table.index.levels]
)
table.index.names = ["setting", "Kish size", "Kish size of w^2"]
table.round(3).astype(object).where(table.notna(), "")

# %% tags=["hide-input"]
# The study's own plot function, so that the figure is the one it saves.
spec = importlib.util.spec_from_file_location("study", results.parent / "inference_coverage.py")
study = importlib.util.module_from_spec(spec)
spec.loader.exec_module(study)
study.coverage_plot(intervals)

# %% [markdown]
# With unit weights the default is pROC's interval, and it under-covers
# with few observations of a class: 0.91 with 10 a class and 0.93 with 20
# positives against 1000 negatives, where `auc_ci` warns; from 30 a class
# it covers 0.946-0.956.  `quantile="t"` covers 0.953-0.965 from 10 a
# class.  Frequency weights give the unweighted method on the repeated rows
# (0.952).
#
# With importance weights the default (jackknife variance, Student t)
# covers 0.945-0.956 in the three settings whose samples seldom or only
# half the time warn, where the normal quantile on the same
# variance covers 0.925, 0.919 and 0.944 and the percentile bootstrap
# 0.931, 0.915 and 0.917 (the last from 133 samples).  The price is width:
# the median interval is 6-22% wider than the normal one.  Where the
# weights are concentrated on a few observations (sd 1 with 100 a class,
# sd 2) every method under-covers, 0.92 and 0.84 for the default and
# 0.88 and 0.73 for the bootstrap, and the default warns on 97% and 100%
# of those samples.
#
# ### Where the warning starts
#
# The same population over a grid of weight spread (sd of the log-weights)
# and size (observations of each class), 1000 samples a cell: coverage of
# the default interval, the share of samples that warned, and the coverage
# among the samples that did not.

# %% tags=["hide-input"]
grid = coverage[coverage["study"] == "grid"]
grid_table = {
    name: grid.pivot_table(index="weight_sd", columns="positives", values=column).round(3)
    for name, column in (
        ("coverage", "rate"),
        ("warned", "warned"),
        ("coverage when silent", "rate_unwarned"),
    )
}
pd.concat(grid_table, axis=1)

# %% [markdown]
# Coverage falls as the weights spread and rises with size.  In every cell
# where at most about half of the samples warned (sd 0.5 and 0.75 from 100
# a class, sd 1 from 300, sd 1.25 at 1000) it is 0.943-0.967; in every
# cell where most samples warned, 0.862-0.930.  The warning is a property
# of one sample, and a sample shows only the weights it drew: where most
# samples warn, the few silent ones are those that missed the heaviest
# weights, and they cover worse, not better (the last block).  So when the
# warning appears, do not trust the interval; and when the weights come
# from a heavy-tailed source (inverse probabilities of rare events, say), a
# silent sample is no proof that they do not matter.
#
# ### The tests
#
# Rejection rates of `roc_test` at the 5% level: its size (equal AUCs) and
# power (AUCs 0.760 against 0.664 paired, against 0.611 unpaired).  Paired:
# two correlated scores ($\rho = 0.5$) of the same observations; unpaired:
# two independent samples.

# %% tags=["hide-input"]
tests = coverage[coverage["study"].str.endswith("test")]
tests[["study", "setting", "method", "positives", "replicates", "rate", "mc_se"]].set_index(
    ["study", "setting", "method"]
)

# %% [markdown]
# With unit weights both tests hold their level (paired 0.0525, unpaired
# 0.0455; the Monte Carlo error is 0.005).  With importance weights the
# paired Z test, the default, holds it too (0.0455 and 0.047), while the
# t test is conservative (0.035 and 0.0245) and loses power; the unpaired
# test, whose degrees of freedom come from the variances' terms, is
# slightly conservative (0.0405).
#
# ## When to prefer the bootstrap
#
# DeLong's interval is a normal (or t) approximation: it is right when each
# class has enough observations, the AUC is not near 0 or 1 and the weights
# are not concentrated on a few observations.  The percentile bootstrap
# (`auc_ci(..., method="bootstrap")`, stratified as pROC's) did no better
# in any setting measured here: it under-covers where DeLong does, and
# with skewed weights by more.  Prefer it for partial AUCs and for the
# statistics DeLong has no formula for (`ci_se`, `ci_sp`,
# `ci_thresholds`); prefer DeLong for speed, for numbers that are exactly
# reproducible (no random draws), and with importance weights.  Where the
# functions warn neither is reliable: use more data or less extreme
# weights, and report the effective sizes the warning prints.

# %% [markdown]
# ## Smoothing
#
# pROC's `smooth()` replaces the empirical ROC curve, a staircase, by a
# smooth one; `auc()` of it is its area.  `smooth_roc` returns pROC's
# points as a frame of TPR and FPR (rows from (1, 1) to (0, 0), pROC's two
# end points included) and `smooth_auc` its area, from the raw scores:
#
# | pROC | weightedroc |
# | --- | --- |
# | `smooth(roc(y, x))` | `smooth_roc(x, y)` |
# | `smooth(roc(y, x), method = "density", bw = "nrd", adjust = 2)` | `smooth_roc(x, y, method="density", bw="nrd", adjust=2)` |
# | `auc(smooth(roc(y, x)))` | `smooth_auc(x, y)` |
# | `auc(smooth(roc(y, x)), partial.auc = c(1, .9))` | `smooth_auc(x, y, fpr_range=(0, .1))` |
#
# **Binormal** (the default) assumes that some monotone transformation of
# the scores makes both classes normal.  The ROC curve is then a straight
# line on the normal deviate scale, $\Phi^{-1}(1 - \mathrm{FPR}) = a + b\,
# \Phi^{-1}(\mathrm{TPR})$, fitted by least squares through the empirical
# curve's points (pROC's `lm(sp ~ se)`); its area is
# $\Phi(a / \sqrt{1 + b^2})$.  **Density** estimates each class's density
# with R's `density()` (a Gaussian kernel, bandwidth `bw.nrd0` of all the
# scores) on a common grid of 512 points and reads the curve off the two
# densities.  Both equal pROC's to about 1e-15 (tests/test_smooth.py, live).
# On aSAH, R:
# ```
# > auc(smooth(r1))
# Area under the curve: 0.74
# > auc(smooth(r1, method = "density"))
# Area under the curve: 0.7244
# > auc(smooth(r1), partial.auc = c(1, .9))
# Partial area under the curve (specificity 1-0.9): 0.02822
# ```

# %%
from weightedroc.plots import roc_plot

binormal = wr.smooth_roc(asah["s100b"], asah["outcome"])
density = wr.smooth_roc(asah["s100b"], asah["outcome"], method="density")
binormal_auc = wr.smooth_auc(asah["s100b"], asah["outcome"])
density_auc = wr.smooth_auc(asah["s100b"], asah["outcome"], method="density")
binormal_pauc = wr.smooth_auc(asah["s100b"], asah["outcome"], fpr_range=(0, 0.1))
print(
    f"binormal: {binormal_auc:.4g} (a = {binormal.attrs['binormal']['intercept']:.4f}, "
    f"b = {binormal.attrs['binormal']['slope']:.4f}), partial {binormal_pauc:.4g}\n"
    f"density: {density_auc:.4g}"
)
empirical = wr.WeightedROC(asah["s100b"], asah["outcome"])
roc_plot({"empirical": empirical, "binormal": binormal, "density": density})

# %% [markdown]
# s100b is far from normal (most patients have small values, a few very
# large ones), and the binormal curve shows it: it misses the empirical
# curve's steep start.  The density curve follows the data more closely;
# its bandwidth decides how closely (`adjust=2` doubles it: smoother,
# nearer the diagonal).
#
# **With weights.**  The binormal curve is fitted to the points of the
# weighted ROC curve, so whole-number weights give exactly pROC's fit on
# the rows repeated, whatever `weights_are` says.  The density method
# weighs each class's scores as R's `density(weights=)` does (each
# class's weights normalised to sum 1); only the bandwidth rule depends on
# what the weights mean.  With `weights_are="frequency"` it reads the rows
# repeated (their spread, and their number: the weights' total), so the
# curve is pROC's on the repeated rows.  With importance weights (the
# default) it reads the scores unweighted, as R's `density(weights=)` selects
# its bandwidth: 113 patients are 113 observations, however they are
# weighted, and multiplying the weights by a constant changes nothing.  The
# counts of the weights section, 1 to 3; R, on the rows repeated:
# ```
# > auc(smooth(roc(outcome[i], s100b[i])))
# Area under the curve: 0.7399
# > auc(smooth(roc(outcome[i], s100b[i]), method = "density"))
# Area under the curve: 0.7192
# ```

# %%
rows = np.resize([1, 2, 3], len(asah))  # the counts of the weights section
smooth_frequency = {
    method: wr.smooth_auc(
        asah["s100b"], asah["outcome"], rows, method=method, weights_are="frequency"
    )
    for method in ("binormal", "density")
}
smooth_importance = wr.smooth_auc(asah["s100b"], asah["outcome"], rows, method="density")
print(
    f"frequency: binormal {smooth_frequency['binormal']:.4g}, "
    f"density {smooth_frequency['density']:.4g}\n"
    f"importance: density {smooth_importance:.4g} (the bandwidth of 113 scores, not 226)"
)

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered).
# Independent source: R 4.2.2 with pROC 1.18 (printed above, and
# var/cov to 15 digits: sprintf("%.15g", ...)).
EXPECTED = {
    "variance": 0.00266868245717244,
    "covariance": 0.00119615567376754,
    "round(ci.conf_low, 4), round(ci.conf_high, 4)": (0.6301, 0.8326),
    "round(paired.statistic, 3), round(paired.p_value, 5)": (-2.209, 0.02718),
    "[round(x, 8) for x in paired.conf_int]": [-0.17421442, -0.01040618],
    "round(greater.p_value, 4)": 0.9864,
    "round(unpaired.statistic, 4), round(unpaired.parameter['df'], 2)": (-1.4349, 206.66),
    "round(unpaired.p_value, 4)": 0.1528,
    "frequency_var": 0.00127979831482453,
    # Smoothing, R 4.2.2 with pROC 1.18: sprintf("%.15g", auc(smooth(r1))),
    # the same with method = "density", partial.auc = c(1, .9), and on the
    # rows repeated rep(seq_len(113), rep(1:3, length.out = 113)).
    "binormal_auc": 0.740012862077311,
    "density_auc": 0.724355068395993,
    "binormal_pauc": 0.0282210204055544,
    "binormal.attrs['binormal']['intercept']": 1.0118303731440,
    "binormal.attrs['binormal']['slope']": -1.2137879199176,
    "smooth_frequency['binormal']": 0.739903316666734,
    "smooth_frequency['density']": 0.719247647070563,
}
