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
import textwrap
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

import weightedroc as wr
from weightedroc.inference.checks import prepared, weight_effective_sizes
from weightedroc.inference.placements import placements

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
# "linearised, Student t", with the same Student t) in every weighted
# setting, by little where the weights are mild and by much where they are
# concentrated (the numbers follow the table); so it is the one computed.  With unit weights
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
curve = placements(*prepared(asah["s100b"], asah["outcome"], counts, None, "<", "importance"))
influence, squares = weight_effective_sizes(curve)
print(f"frequency: {frequency_var:.7g}, importance: {importance_var:.7g}")
print(
    f"importance: 95% CI {weighted_ci.conf_low:.4f}-{weighted_ci.conf_high:.4f} "
    f"(Student t, {weighted_ci.df:.1f} df)"
)
print(f"warnings: {len(caught)}")
print(
    f"effective sizes (poor, good outcomes): influence {influence[0]:.0f} and "
    f"{influence[1]:.0f}, squared weights {squares[0]:.0f} and {squares[1]:.0f}"
)

# %% [markdown]
# As importance weights the same numbers describe 113 patients, not 226:
# the variance is larger, and the interval uses Student's t.  Neither call
# warns: weights of 1 to 3 that have nothing to do with the scores leave
# each class effective sizes (defined with the warning below) far above
# the 50 and 11 where the warning starts.
#
# ## Does the interval cover?
#
# `benchmarks/inference_coverage.py` draws samples from a population whose
# AUC is known (negatives N(0, 1), positives N(1, 1): AUC = 0.760), each
# class from a proposal shifted by $c$ and weighted back by the density
# ratio (importance weights, log-normal with sd $c$), 2000 samples per
# setting (the bootstrap's from fewer), and reports how often the 95%
# intervals hold the true AUC; its Monte Carlo standard error is about
# 0.005 at 2000 samples.  The frequency-weighted setting rounds the scores
# to 0.5 and aggregates identical rows into one row counting them (its AUC,
# ties counted half, is 0.737).  "DeLong (default)" is what `auc_ci` does
# by default; "DeLong, normal" and "DeLong, Student t" are its two
# quantiles, one of which is the default; "linearised, Student t" is the
# variance the package does not use (above), computed only with uneven
# weights; "warned" is the share of samples on which `auc_ci` warned.  A
# dash marks a method not run on that setting.

# %% tags=["hide-input"]
from IPython.display import Markdown, display

# Written by benchmarks/inference_coverage.py in the source checkout; its
# own table and plot functions, so that the page shows what it saves.
results = Path(wr.__file__).resolve().parent.parent / "benchmarks" / "results"
coverage = pd.read_csv(results / "inference_coverage.csv")
spec = importlib.util.spec_from_file_location("study", results.parent / "inference_coverage.py")
study = importlib.util.module_from_spec(spec)
spec.loader.exec_module(study)


def readable(table):
    """A table of strings as a page shows it: no index, settings on one line."""
    return table.style.hide(axis="index").set_properties(
        subset=["setting"], **{"white-space": "nowrap"}
    )


readable(study.interval_table(coverage))

# %% tags=["hide-input"]
intervals = coverage[coverage["study"] == "interval"]
study.coverage_plot(intervals)

# %% tags=["hide-input"]
rates = intervals.pivot_table(index="setting", columns="method", values="rate", sort=False)
auto = intervals[intervals["method"] == "delong auto"].set_index("setting")


def number(x):
    return f"{x:.3f}"


def span(values):
    """'0.946–0.956' (lowest–highest), or the one value."""
    low, high = number(min(values)), number(max(values))
    return low if low == high else f"{low}–{high}"


def listed(values):
    """'a, b and c'."""
    values = [number(v) if not isinstance(v, str) else v for v in values]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


unit = [s for s in rates.index if s.startswith("unit")]
many = [s for s in unit if not s.endswith(" 10")]
weighted = list(auto.index[auto["weight_sd"] > 0])
# Mild and concentrated weights: the positives' Kish size (sum w)^2 / sum w^2.
quiet = [s for s in weighted if auto.loc[s, "kish_positives"] >= 50]
loud = [s for s in weighted if s not in quiet]
widths = intervals[intervals["method"].isin(["delong auto", "delong normal"])].pivot_table(
    index="setting", columns="method", values="median_width"
)
wider = (widths["delong auto"] / widths["delong normal"] - 1).loc[quiet] * 100
boot = rates["bootstrap"]
boot_better = [
    s for s in rates.index if abs(boot[s] - 0.95) < abs(rates.loc[s, "delong auto"] - 0.95)
]
boot_weighted = "all with unit weights" if set(boot_better).isdisjoint(weighted) else ""
boot_less = all(boot[s] < rates.loc[s, "delong auto"] for s in weighted)
display(
    Markdown(
        f"""
With unit weights the default is pROC's interval, and it under-covers
with few observations of a class: {number(rates.loc["unit weights, 2 x 10", "delong auto"])}
with 10 a class and {number(rates.loc["imbalance: 20 vs 1000", "delong auto"])} with 20
positives against 1000 negatives, where `auc_ci` warns; from 30 a class it
covers {span(rates.loc[many, "delong auto"])}.  `quantile="t"` covers
{span(rates.loc[unit + ["imbalance: 20 vs 1000"], "delong t"])} from 10 a class.
Frequency weights give the unweighted method on the repeated rows
({number(rates.loc["frequency weights, 2 x 100 rounded", "delong auto"])}).

With importance weights the default (jackknife variance, Student t) covers
{span(rates.loc[quiet, "delong auto"])} in the {len(quiet)} settings where the weights
leave the positives a Kish size of 50 or more
({listed([f"{auto.loc[s, 'kish_positives']:.0f}" for s in quiet])}), warning on
{listed(auto.loc[quiet, "warned"])} of their samples;
there the normal quantile on the same variance
covers {listed(rates.loc[quiet, "delong normal"])}, the linearised variance
{listed(rates.loc[quiet, "delong linearised t"])} and the percentile bootstrap
{listed(boot[quiet])} (the last from {int(intervals.set_index(["setting", "method"]).loc[(quiet[-1], "bootstrap"), "replicates"])}
samples).  The price is width: the median interval is
{wider.min():.0f}–{wider.max():.0f}% wider than the normal one.  Where the weights are
concentrated (Kish sizes {listed([f"{auto.loc[s, 'kish_positives']:.0f}" for s in loud])})
every method under-covers:
{listed(rates.loc[loud, "delong auto"])} for the default,
{listed(rates.loc[loud, "delong linearised t"])} for the linearised variance and
{listed(boot[loud])} for the bootstrap; the default warns on
{listed(auto.loc[loud, "warned"])} of those samples.

The percentile bootstrap covered closer to 95% than the default in
{len(boot_better)} of the {len(rates)} settings
({listed([f"{s}: {number(boot[s])} against {number(rates.loc[s, 'delong auto'])}" for s in boot_better])}){", " + boot_weighted if boot_weighted else ""},
and further from it in the others{"; with importance weights it covered less than the default in every setting" if boot_less else ""}.
"""
    )
)

# %% [markdown]
# ### The weight warning
#
# `auc_ci`, `auc_var`, `auc_cov` and `roc_test` warn when importance
# weights are too concentrated for DeLong's variance.  Row $k$ moves the AUC
# in proportion to its influence $w_k |V_k - \hat A|$, its weight times its
# placement value's distance from the AUC: heavy rows whose placement values
# are near the AUC move it little.  With Kish's effective size
# $K(x) = (\sum x)^2 / \sum x^2$, the rule asks in each class how many rows
# the influence rests on, and how many the squared weights (of which the
# variance is made) rest on, each net of what unit weights give:
#
# $$
# n_{\mathrm{influence}} = \left(\frac{1}{K(w|V - \hat A|)} - \frac{1}{K(|V - \hat A|)}\right)^{-1},
# \qquad
# n_{\mathrm{squares}} = \left(\frac{1}{K(w^2)} - \frac{1}{n}\right)^{-1},
# $$
#
# and warns when either falls below 50 or 11 in a class.  Equal weights
# within a class give infinity to both: they change neither the AUC nor
# its variance, and never warn.  Before 1.0 the rule was on the weights
# alone: Kish's effective size of a class's weights below 50, or of their
# squares below 15.
#
# The study draws 2000 samples from each of these designs, all from the
# population above, so that the weighted AUC estimates its AUC:
#
# * log-normal: the weights above, in both classes;
# * survey: every case of a population is kept, and each of its controls
#   with probability $p(s) = 1/(1 + e^{-(a + b s)})$, rising with the score
#   $s$ ($b$ is the slope), weighted $1/p$: heavy weights on low-scoring
#   controls ("of both classes": the cases are sampled the same way);
# * case-control: every case, and each control with probability 1/50,
#   weighted by the inverse of the rate;
# * stratified case-control: every case; controls scoring above 1 kept
#   with probability 0.2, the others with 0.01, weighted by the inverse.
#
# The two thresholds were chosen on the designs marked "tuned on"; those
# marked "held out" were run only after, to check them.  The coverage is
# that of the default 95% interval, on all samples, on those where the
# warning fired and on those where it stayed silent (± the Monte Carlo
# standard error); the last two columns are the rule before 1.0.

# %% tags=["hide-input"]
readable(study.warning_table(coverage))

# %% tags=["hide-input"]
designs = coverage[coverage["study"] == "warning"].set_index("setting")
groups = {
    "under-cover (below 0.930)": designs["rate"] < 0.93,
    "cover (0.945 or more)": designs["rate"] >= 0.945,
}
summary = []
for name, rows in groups.items():
    for role, label in (("tuning", "tuned on"), ("held out", "held out")):
        chosen = designs[rows & (designs["role"] == role)]
        summary.append(
            {
                "designs whose intervals": name,
                "designs": label,
                "how many": str(len(chosen)),
                "warned (mean)": f"{chosen['warned'].mean():.3f}",
                "warned (range)": span(chosen["warned"]),
                "warned before 1.0 (mean)": f"{chosen['warned_before'].mean():.3f}",
                "warned before 1.0 (range)": span(chosen["warned_before"]),
            }
        )
summary = pd.DataFrame(summary)
summary.style.hide(axis="index").set_properties(
    subset=["designs whose intervals"], **{"white-space": "nowrap"}
)

# %% tags=["hide-input"]
tuned = summary[summary["designs"] == "tuned on"].set_index("designs whose intervals")
held = summary[summary["designs"] == "held out"].set_index("designs whose intervals")
survey = designs.loc[designs.index.str.startswith("survey, slope 1.5")].iloc[0]
display(
    Markdown(
        f"""
On the designs it was tuned on, the rule fires about as often as the one
before 1.0: on {tuned["warned (mean)"].iloc[0]} of the samples of designs that under-cover
(before: {tuned["warned before 1.0 (mean)"].iloc[0]}) and on {tuned["warned (mean)"].iloc[1]} of those that cover
(before: {tuned["warned before 1.0 (mean)"].iloc[1]}).  The gain is on the held-out designs:
{held["warned (mean)"].iloc[0]} against {held["warned before 1.0 (mean)"].iloc[0]} where the intervals under-cover
(log-normal weights with a higher AUC, which the old rule hardly saw), and
{held["warned (mean)"].iloc[1]} against {held["warned before 1.0 (mean)"].iloc[1]} where they cover
(case-control samples, whose weights are equal within a class, and
stratified ones).  Not every alarm is gone: the survey with slope 1.5
covers {number(survey["rate"])} and still warns on {number(survey["warned"])} of its samples
(before: {number(survey["warned_before"])}).
"""
    )
)

# %% [markdown]
# The warning is a property of one sample, and a sample shows only the
# weights it drew.  Where the weights' tail is heavy, a sample that missed
# its heaviest weights looks as if nothing were concentrated, and its
# interval is too short: in the designs where most samples warn, the
# silent ones cover worse than the warned ones (the column "coverage when
# silent"), with either rule.  So when the warning appears, do not trust
# the interval; and when the weights come from a heavy-tailed source
# (inverse probabilities of rare inclusion, say), a silent sample is no
# proof that they do not matter.  Here is the warning on a survey sample
# (slope 3, 100 cases and about 500 controls):

# %%
draw = study.design_sampler("survey", (3, 100, 500, 0))
guess, label, weight = draw(np.random.default_rng(5))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    survey_ci = wr.auc_ci(guess, label, weight)
print(f"AUC {survey_ci.estimate:.3f}, 95% CI {survey_ci.conf_low:.3f}-{survey_ci.conf_high:.3f}")
for warning in caught:
    print(textwrap.fill(str(warning.message), width=80))

# %% [markdown]
# ### The tests
#
# Rejection rates of `roc_test` at the 5% level: its size (equal AUCs) and
# power (AUCs 0.760 against 0.664 paired, against 0.611 unpaired).  Paired:
# two correlated scores ($\rho = 0.5$) of the same observations; unpaired:
# two independent samples.

# %% tags=["hide-input"]
readable(study.test_table(coverage))

# %% tags=["hide-input"]
tests = coverage[coverage["study"].str.endswith("test")].set_index(["study", "setting", "method"])


sizes = tests[tests.index.get_level_values("setting").str.startswith("size")]


def rejected(test, setting, method="delong auto"):
    return number(tests.loc[(test, setting, method), "rate"])


display(
    Markdown(
        f"""
With unit weights both tests hold their level (paired
{rejected("paired test", "size, unit weights")}, unpaired
{rejected("unpaired test", "size, unit weights")}; the Monte Carlo standard error of
a size is {number(sizes["mc_se"].max())} at most).  With importance weights the paired Z test,
the default, holds it too ({rejected("paired test", "size, skewed weights (sd 0.5)")} and
{rejected("paired test", "size, skewed weights (sd 1)")}), while the t test is
conservative ({rejected("paired test", "size, skewed weights (sd 0.5)", "delong t")} and
{rejected("paired test", "size, skewed weights (sd 1)", "delong t")}) and loses power
({rejected("paired test", "power, skewed weights (sd 0.5)", "delong t")} against
{rejected("paired test", "power, skewed weights (sd 0.5)")} with sd 0.5); the unpaired
test, whose degrees of freedom come from the variances' terms, is
conservative ({rejected("unpaired test", "size, skewed weights (sd 0.5)")}).
"""
    )
)

# %% [markdown]
# ## When to prefer the bootstrap
#
# DeLong's interval is a normal (or t) approximation: it is right when each
# class has enough observations, the AUC is not near 0 or 1 and the weights
# are not concentrated on a few observations.  The percentile bootstrap
# (`auc_ci(..., method="bootstrap")`, stratified as pROC's) is no remedy:
# in the study above it under-covers where DeLong does, with importance
# weights by more, and it came closer to 95% than the default only in the
# settings listed below the first table.  Prefer it for partial AUCs and for the
# statistics DeLong has no formula for (`ci_se`, `ci_sp`,
# `ci_thresholds`); prefer DeLong for speed, for numbers that are exactly
# reproducible (no random draws), and with importance weights.  Where the
# functions warn neither is reliable: use more data or less extreme
# weights, and report the effective sizes the warning prints.

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
}
