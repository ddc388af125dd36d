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
# figure: Coverage of the 95% AUC intervals by method and setting, each with two Monte Carlo standard errors; the dashed line is 0.95.
# alt: Dot chart of coverage per simulated setting (rows) and interval method (colours), with error bars; DeLong's default interval lies near 0.95 for unit, frequency and moderately skewed weights, and every method falls well below it for extreme weights (sd 2).
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
# Could another rule do better?  `benchmarks/warning_candidates.py`
# measured thirteen more on the same 41 designs (500 samples a design), each
# against the target above: at least 0.8 of the samples warned where a
# design's intervals cover less than 0.93, at most 0.2 where they cover
# 0.945 or more.  "Designs off target" counts the designs a rule misses;
# "anti-informative" counts those whose silent samples cover worse than
# their warned ones (by more than 2 standard errors); "medians in order"
# is how well the rule's statistic, taken at each design's median, orders
# the designs by coverage.

# %% tags=["hide-input"]
candidates = (results / "warning_candidates.md").read_text()
display(Markdown(candidates.split("## Summary")[1].split("\n## ")[0]))

# %% [markdown]
# No rule met the target on every design.  The statistics built on the
# heaviest rows (influence, the Satterthwaite degrees of freedom of
# DeLong's variance) order the designs almost perfectly by their medians,
# but within a design they fire on the samples that drew the heavy rows,
# whose intervals are wide and cover, and stay silent on those that missed
# them: anti-informative in 15 to 27 designs.  A statistic of the bulk of
# the weights (the robust log-normal one) is anti-informative in one design only, but
# cannot tell a survey's bounded inverse probabilities from a log-normal
# tail, so it warns on every survey sample.  Reading the same bulk
# statistic from the influence instead of the weights, from the upper
# tail of the weights (where inverse probabilities have theirs), or
# combining the classes by their share of the variance does no better,
# nor does the diagnostic of Pareto-smoothed importance sampling (the
# Pareto shape k-hat of the largest weights, above 0.7 or too large for
# the class's size), which separates the surveys but misses log-normal
# weights and is anti-informative in 13 to 17 designs.
#
# The last two candidates ask the sample itself how well its interval
# covers: a stratified bootstrap of the sample (100 resamples) counts the
# resamples whose default interval holds the sample's AUC, from resamples
# of each class's size or of a quarter of it (an m-out-of-n bootstrap, in
# which the sample's heaviest rows are as rare as the population's are in
# a sample).  They show the mechanism most plainly: they are quiet where
# intervals cover, but the samples they warn on are the ones that drew a
# heavy row, and those cover better than the samples they leave silent.

# %% tags=["hide-input"]
by_design = pd.read_csv(results / "warning_candidates.csv").set_index("setting")
bootstrap_rule = "bootstrap estimate of the coverage < 0.9"
mechanism = pd.DataFrame(
    {
        "coverage": by_design["coverage"],
        "warned (bootstrap estimate < 0.9)": by_design[f"warned: {bootstrap_rule}"],
        "coverage when warned": by_design[f"when warned: {bootstrap_rule}"],
        "coverage when silent": by_design[f"when silent: {bootstrap_rule}"],
    }
)
shown = mechanism[(mechanism["coverage"] < 0.93) & (mechanism.iloc[:, 1] >= 0.1)]
shown = shown.sort_values("coverage").rename_axis("design (intervals under-cover)")
shown.style.format("{:.3f}")

# %% [markdown]
# What does separate the designs is a property of the population: the
# share of the AUC's variance carried by rows rarer than 1 in n of their
# class (n the class's size), the part of the variance that a typical
# sample of that size never draws.  The candidates' script measures it on
# all the samples of a design pooled, as a stand-in for the population,
# and the figure puts each design's coverage against it.

# %% tags=["hide-input"]
# figure: Coverage of each design against the share of the AUC's variance held by rare rows.
# alt: Scatter of coverage of the 95% interval against the share of the variance in rows rarer than 1 in n of their class, one point per design and threshold rule; coverage falls as the share grows, and a dotted vertical line separates the designs that cover from those that do not.
import plotnine as p9  # noqa: E402

never_drawn = by_design.reset_index().rename(columns={"share of the variance never drawn": "share"})
never_drawn["design"] = never_drawn["design"].replace(
    {"shift": "log-normal", "stratified": "stratified case-control"}
)
never_drawn["designs"] = never_drawn["designs"].replace({"tuning": "tuned on"})
covering = never_drawn[never_drawn["coverage"] >= 0.945]
under = never_drawn[never_drawn["coverage"] < 0.93]
(
    p9.ggplot(never_drawn, p9.aes("share", "coverage", colour="design", shape="designs"))
    + p9.annotate("rect", xmin=0, xmax=1, ymin=0.93, ymax=0.945, alpha=0.15)
    + p9.geom_hline(yintercept=0.95, linetype="dashed")
    + p9.geom_vline(
        xintercept=(covering["share"].max() + under["share"].min()) / 2, linetype="dotted"
    )
    + p9.geom_point(size=2.5)
    + p9.labs(
        x="share of the AUC's variance in rows rarer than 1 in n of their class",
        y="coverage of the 95% interval",
        colour="design",
        shape="rule's thresholds",
    )
    + p9.theme_bw(base_size=12)
    + p9.theme(figure_size=(7.5, 4.5))
)

# %% tags=["hide-input"]
survey_two = never_drawn[never_drawn["setting"].str.startswith("survey, slope 2:")]
display(
    Markdown(
        f"""
Every design whose intervals cover 0.945 or more has a smaller share
(at most {covering["share"].max():.3f}) than every design that covers less than 0.93
(from {under["share"].min():.3f}; the dotted line is halfway); the band between,
coverage 0.930 to 0.945, is shaded.  It
explains the surveys: with slope 2 the bulk of the controls' inverse
probabilities is as spread as log-normal weights of sd 1.25 (read from
their interquartile range), but the heavy rows are low-scoring controls,
whose placement values are near 1, only 1 - A = 0.24 from the AUC, while
the cases, whose low scorers would sit A = 0.76 from it, carry unit
weights.  So a typical sample misses {survey_two["share"].min():.2f} to {survey_two["share"].max():.2f} of the
variance, less than in any design that under-covers, and the intervals
cover.  But the share lies, by its definition, beyond what one sample
drew: a sample can estimate it only by extrapolating from its own largest
rows, and a sample that missed them extrapolates a light tail.  That is
why every rule above fails somewhere, and why no warning read from one
sample can meet the target on these designs.  The package keeps the rule
above, the best compromise measured: when it fires, do not trust the
interval; when it is silent and the weights come from a heavy-tailed
source, that is no proof that they do not matter.
"""
    )
)

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
# R 4.4.0 corrected `density()`'s kernel grid (densities about 0.1% lower):
# the default follows R >= 4.4, and `old_coords=True` gives the densities
# of older R (R's own `density(old.coords = TRUE)`).  On aSAH, R 4.2.2:
# ```
# > auc(smooth(r1))
# Area under the curve: 0.74
# > auc(smooth(r1, method = "density"))
# Area under the curve: 0.7244
# > auc(smooth(r1), partial.auc = c(1, .9))
# Partial area under the curve (specificity 1-0.9): 0.02822
# ```

# %%
# figure: aSAH's s100b: the empirical ROC curve with its binormal and density smoothings.
# alt: Three curves: the empirical step curve and two smooth curves, binormal and density, running through it.
from weightedroc.plots import roc_plot

binormal = wr.smooth_roc(asah["s100b"], asah["outcome"])
density = wr.smooth_roc(asah["s100b"], asah["outcome"], method="density")
binormal_auc = wr.smooth_auc(asah["s100b"], asah["outcome"])
density_auc = wr.smooth_auc(asah["s100b"], asah["outcome"], method="density")
density_auc_old = wr.smooth_auc(asah["s100b"], asah["outcome"], method="density", old_coords=True)
binormal_pauc = wr.smooth_auc(asah["s100b"], asah["outcome"], fpr_range=(0, 0.1))
print(
    f"binormal: {binormal_auc:.4g} (a = {binormal.attrs['binormal']['intercept']:.4f}, "
    f"b = {binormal.attrs['binormal']['slope']:.4f}), partial {binormal_pauc:.4g}\n"
    f"density: {density_auc:.7g} (R < 4.4's grid: {density_auc_old:.7g})"
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

# %% [markdown]
# **Fitted distributions and log-concave densities.**  pROC's other
# smoothers are here too.  `method="fitdistr"` fits a distribution to each
# class by maximum likelihood (MASS's `fitdistr`: normal by default, or
# lognormal, exponential, weibull, gamma, cauchy, logistic, chosen per
# class), and `method="logcondens"` estimates each class's density as the
# log-concave maximum-likelihood density (R's logcondens), which needs no
# bandwidth; `"logcondens_smooth"` smooths it.  Weighted, each maximises
# the weighted likelihood.  R:
# ```
# > auc(smooth(r1, method = "fitdistr"))
# Area under the curve: 0.8311
# > auc(smooth(r1, method = "fitdistr", density.controls = "lognormal",
# +            density.cases = "lognormal"))
# Area under the curve: 0.7417
# > auc(smooth(r1, method = "logcondens"))
# Area under the curve: 0.7542
# > auc(smooth(r1, method = "logcondens.smooth"))
# Area under the curve: 0.7149
# ```

# %%
# figure: aSAH's s100b: the empirical ROC curve with the fitted-distribution and log-concave smoothings.
# alt: The empirical step curve with several smooth curves, one per fitted distribution or log-concave density, most of them close to it.
fitted = {
    "fitdistr normal": dict(method="fitdistr"),
    "fitdistr lognormal": dict(method="fitdistr", distribution="lognormal"),
    "logcondens": dict(method="logcondens"),
    "logcondens_smooth": dict(method="logcondens_smooth"),
}
fitted_auc = {
    name: wr.smooth_auc(asah["s100b"], asah["outcome"], **options)
    for name, options in fitted.items()
}
print(", ".join(f"{name} {area:.4g}" for name, area in fitted_auc.items()))
roc_plot(
    {
        "empirical": empirical,
        **{
            name: wr.smooth_roc(asah["s100b"], asah["outcome"], **options)
            for name, options in fitted.items()
        },
    }
)

# %% [markdown]
# The normal fit is far off (s100b's classes are nothing like normal: it
# overstates the area); the lognormal fit and the log-concave densities
# stay near the empirical curve.  The smoothed log-concave curve jumps at
# FPR 1, as pROC's: it reads the cases' smoothed distribution at the
# controls' unsmoothed quantiles, and the smoothing puts 14% of the cases
# below the smallest control, where the curve's last point is set to 1.

# %% [markdown]
# ## Obuchowski's variance
#
# pROC has a third variance, `method = "obuchowski"` (Obuchowski and
# McClish, 1997): not from the observations' placements but from a
# binormal model of the curve, $\Phi^{-1}(\text{specificity}) = A + B\,
# \Phi^{-1}(\text{sensitivity})$, the least-squares line through the
# curve's points (those with a sensitivity or specificity of 0 or 1 left
# out), as pROC's `smooth(roc, method = "binormal")` fits it.  With
# $\kappa$ = ncontrols / ncases,
#
# $$\mathrm{var}(\mathrm{AUC}) = \frac{f^2 \left(1 + \frac{B^2}{\kappa} + \frac{A^2}{2}\right) + g^2 \frac{B^2 (1 + \kappa)}{2 \kappa}}{\text{ncases}},$$
#
# with $f$ and $g$ the derivatives of the binormal (partial) area in $A$
# and $B$.  The covariance of two scores adds their correlations among the
# positives and among the negatives.  A partial area is over an FPR range:
#
# | pROC | weightedroc |
# | --- | --- |
# | `var(r1, method = "obuchowski")` | `auc_var(x, y, method="obuchowski")` |
# | `cov(r1, r2, method = "obuchowski")` | `auc_cov(x1, x2, y, method="obuchowski")` |
# | `var(roc(y, x, partial.auc = c(1, 0.8)), method = "obuchowski")` | `auc_var(x, y, method="obuchowski", fpr_range=(0, 0.2))` |
#
# R:
# ```
# > var(r1, method = "obuchowski")
# [1] 0.002734778
# > cov(r1, r2, method = "obuchowski")
# [1] 0.0008560803
# > var(roc(aSAH$outcome, aSAH$s100b, partial.auc = c(1, 0.8)), method = "obuchowski")
# [1] 1.191063e-06
# ```

# %%
obuchowski_var = wr.auc_var(asah["s100b"], asah["outcome"], method="obuchowski")
obuchowski_cov = wr.auc_cov(asah["s100b"], asah["wfns"], asah["outcome"], method="obuchowski")
obuchowski_partial = wr.auc_var(
    asah["s100b"], asah["outcome"], method="obuchowski", fpr_range=(0, 0.2)
)
print(f"{obuchowski_var:.7g}\n{obuchowski_cov:.7g}\n{obuchowski_partial:.7g}")

# %% [markdown]
# The numbers are pROC's to 1e-9 relative or closer
# (tests/test_obuchowski_live.py, on aSAH, ROCR.simple and random scores
# with ties, both directions, four FPR ranges).  With weights the curve's
# points are the weighted ones; `weights_are="frequency"` counts each class
# by its sum of weights, and gives pROC's numbers on the rows repeated;
# importance weights count it by Kish's effective size
# $(\sum w)^2 / \sum w^2$, which is the count for equal weights and does
# not change when every weight is multiplied by a constant.
#
# ### An estimate, or a planning formula?
#
# Obuchowski's formula is a large-sample approximation from two parameters,
# meant for planning studies; DeLong's variance is read from the data.
# How close does each come to the variance the AUC really has?  Samples of
# binormal data (negatives N(0, 1), positives N($\mu$, $\sigma^2$)), the
# variance of their AUCs across samples ("observed") and the mean of each
# estimate.  pROC passes the intercept and slope of its line, fitted with
# specificity as the response, as Obuchowski's $A$ and $B$, which the paper
# defines by $\Phi^{-1}(\mathrm{TPR}) = A + B\,\Phi^{-1}(\mathrm{FPR})$; the
# same points written that way give roughly $(A/B, -1/B)$ for pROC's
# $(A, B)$.  The AUC $\Phi(A / \sqrt{1 + B^2})$ is the same either way, but
# the variance, which treats cases and controls differently, is not.  The
# last column is Obuchowski's formula with the line fitted the paper's way.

# %% tags=["hide-input"]
from weightedroc.inference.obuchowski import variance_params  # noqa: E402


def paper_fit_variance(guess, label):
    """Obuchowski's variance with A, B of qnorm(TPR) = A + B qnorm(FPR)."""
    roc = wr.WeightedROC(guess, label)
    tpr, fpr = roc["TPR"].to_numpy(), roc["FPR"].to_numpy()
    inside = (tpr > 0) & (tpr < 1) & (fpr > 0) & (fpr < 1)
    slope, intercept = np.polyfit(wr.normal_deviate(fpr[inside]), wr.normal_deviate(tpr[inside]), 1)
    cases = label.sum()
    return variance_params(intercept, slope, (len(label) - cases) / cases) / cases


def variance_study(settings, samples, seed=2024):
    rng = np.random.default_rng(seed)
    rows = []
    for cases, controls, mu, sigma in settings:
        label = np.r_[np.ones(cases, bool), np.zeros(controls, bool)]
        found = []
        for _ in range(samples):
            guess = np.r_[rng.normal(mu, sigma, cases), rng.normal(0, 1, controls)]
            found.append(
                (
                    wr.auc_score(guess, label),
                    wr.auc_var(guess, label),
                    wr.auc_var(guess, label, method="obuchowski"),
                    paper_fit_variance(guess, label),
                )
            )
        auc, delong, proc, paper = np.array(found).T
        observed = auc.var(ddof=1)
        rows.append(
            {
                "cases": cases,
                "controls": controls,
                "mu": mu,
                "sigma": sigma,
                "observed": observed,
                "+- (MC)": observed * np.sqrt(2 / (samples - 1)),
                "DeLong": delong.mean(),
                "Obuchowski (pROC)": proc.mean(),
                "Obuchowski (paper's fit)": paper.mean(),
            }
        )
    return pd.DataFrame(rows).set_index(["cases", "controls", "mu", "sigma"])


SETTINGS = [
    (60, 60, 1.0, 1.0),
    (40, 120, 1.0, 2.0),
    (40, 120, 1.0, 0.5),
    (100, 30, 1.2, 1.5),
    (50, 50, 1.5, 2.0),
]
variances = variance_study(SETTINGS, 60 if FAST else 2000)
(variances * 1e4).round(1).rename(columns=lambda c: f"{c} x1e4")

# %% [markdown]
# DeLong's variance is within 4% of the observed one in every setting.
# Obuchowski's is 15% too high even with equal spreads and class sizes;
# with pROC's fit it is 0.64 to 2.0 times the observed variance, in both
# directions, and fitted the paper's way 0.93 to 1.8 times (closer where
# the positives spread more than the negatives, not close where they
# spread less).  Use it as pROC's number, for comparison with pROC or for
# planning (below), not as the variance of an AUC from data: for that,
# `auc_var`'s default.
#
# ## Power and sample size
#
# pROC's `power.roc.test` answers the planning questions: how many cases a
# study needs to show an AUC above 0.5 (or a difference between two paired
# curves) with a given power, or which power, significance level or AUC a
# given size gives.  `power_roc_test` solves for whichever of `ncases`
# (with `ncontrols` = kappa ncases), `auc`, `power` or `sig_level` is None:
#
# | pROC | weightedroc |
# | --- | --- |
# | `power.roc.test(auc = 0.8, power = 0.9, kappa = 2)` | `power_roc_test(auc=0.8, power=0.9, kappa=2)` |
# | `power.roc.test(ncases = 41, ncontrols = 72, auc = 0.73)` | `power_roc_test(ncases=41, ncontrols=72, auc=0.73)` |
# | `power.roc.test(r1)` | `power_roc_test((x, y))` |
# | `power.roc.test(r1, r2, power = 0.9, method = "obuchowski")` | `power_roc_test((x1, y), (x2, y), power=0.9, method="obuchowski")` |
# | `power.roc.test(list(A1 = 2.6, B1 = 1, ...), power = 0.8)` | `power_roc_test(dict(A1=2.6, B1=1, ...), power=0.8)` |
#
# One AUC against 0.5 uses Obuchowski et al. (2004), whose variance needs
# only the AUC (a binormal curve with $B = 1$); two curves use their
# variances and covariance, DeLong's by default as in pROC, or
# Obuchowski's (which also allows partial areas); two curves' binormal
# parameters (pROC's list: `A1`, `B1`, `A2`, `B2`, the correlations `rn`
# and `ra`, and `delta`) plan a comparison without data.  R:
# ```
# > power.roc.test(auc = 0.8, power = 0.9, kappa = 2)
#
#      One ROC curve power calculation
#
#          ncases = 12.80825
#       ncontrols = 25.61651
#             auc = 0.8
#       sig.level = 0.05
#           power = 0.9
#
# > power.roc.test(r1, r2, power = 0.9, method = "obuchowski")
#
#      Two ROC curves power calculation
#
#          ncases = 175.5303
#       ncontrols = 308.2484
#            auc1 = 0.7313686
#            auc2 = 0.8236789
#       sig.level = 0.05
#           power = 0.9
#     alternative = two.sided
# ```

# %%
planned = wr.power_roc_test(auc=0.8, power=0.9, kappa=2)
planned

# %%
two_curves = wr.power_roc_test(
    (asah["s100b"], asah["outcome"]),
    (asah["wfns"], asah["outcome"]),
    power=0.9,
    method="obuchowski",
)
two_curves

# %% [markdown]
# The sizes are not rounded, as in pROC: a study needs `ceil(ncases)`
# cases.  The cases one AUC needs fall steeply as it moves away from 0.5,
# and unequal classes need more observations in all (power 0.9, two-sided
# 5% test):

# %% tags=["hide-input"]
# figure: Cases plus controls needed to show an AUC above 0.5 with power 0.9, by AUC and class ratio.
# alt: Lines on a logarithmic vertical axis of the observations needed against the AUC to detect, one line per ratio of controls to cases; the numbers fall steeply as the AUC moves away from 0.5, and unequal classes need more.
planning = pd.DataFrame(
    [
        {"auc": auc, "kappa": f"{kappa:g}", "observations": (1 + kappa) * test.ncases}
        for kappa in (0.5, 1, 2, 4)
        for auc in np.linspace(0.6, 0.95, 36)
        for test in [wr.power_roc_test(auc=auc, power=0.9, kappa=kappa)]
    ]
)
(
    p9.ggplot(planning, p9.aes("auc", "observations", colour="kappa"))
    + p9.geom_line(size=1)
    + p9.scale_y_log10()
    + p9.labs(
        x="AUC to show above 0.5",
        y="cases + controls needed",
        colour="kappa =\nncontrols / ncases",
    )
    + p9.theme_bw(base_size=12)
    + p9.theme(figure_size=(7, 4.2))
)

# %% [markdown]
# The AUC is solved for (`auc=None`) with R's `uniroot`: its algorithm
# (Brent's zeroin) and its default tolerance, $\epsilon^{1/4} \approx
# 1.2 \times 10^{-4}$, so the AUC is pROC's to the last digits, and like
# pROC's it is within the tolerance of the exact root, not closer: for
# 41 cases, 72 controls and power 0.95 both give 0.6961054, where the
# exact root is 0.6960997 (R's `uniroot` with `tol = 1e-15`).
#
# With curves the sizes come from the data: with `weights_are="frequency"`
# they are the sums of the weights (pROC's numbers on the rows repeated),
# with importance weights Kish's effective sizes, so that a weighted pilot
# study plans in observations of unit weight.

# %%
exact = wr.power_roc_test(ncases=41, ncontrols=72, power=0.95)
pilot = (asah["s100b"], asah["outcome"], counts)
print(
    f"solved AUC: {exact.auc:.7f}\n"
    f"frequency: {wr.power_roc_test(pilot, weights_are='frequency').ncases:g} cases; "
    f"importance: {wr.power_roc_test(pilot).ncases:.1f} effective cases"
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
    "[round(x, 8) for x in (paired.conf_low, paired.conf_high)]": [-0.17421442, -0.01040618],
    "round(greater.p_value, 4)": 0.9864,
    "round(unpaired.statistic, 4), round(unpaired.parameter['df'], 2)": (-1.4349, 206.66),
    "round(unpaired.p_value, 4)": 0.1528,
    "frequency_var": 0.00127979831482453,
    # Smoothing, R 4.2.2 with pROC 1.18: sprintf("%.15g", auc(smooth(r1))),
    # the same with method = "density" (R < 4.4's grid), partial.auc = c(1,
    # .9), and on the rows repeated rep(seq_len(113), rep(1:3, length.out = 113)).
    "binormal_auc": 0.740012862077311,
    "density_auc_old": 0.724355068395993,
    "binormal_pauc": 0.0282210204055544,
    "binormal.attrs['binormal']['intercept']": 1.0118303731440,
    "binormal.attrs['binormal']['slope']": -1.2137879199176,
    "smooth_frequency['binormal']": 0.739903316666734,
    "wr.smooth_auc(asah['s100b'], asah['outcome'], rows, method='density', "
    "weights_are='frequency', old_coords=True)": 0.719247647070563,
    # R 4.2.2, pROC 1.18, MASS, logcondens 2.1.7: sprintf("%.15g", auc(smooth(r1,
    # method = ...))) (fitdistr and logcondens do not read density()'s grid).
    "fitted_auc['fitdistr normal']": 0.831051375175754,
    "fitted_auc['fitdistr lognormal']": 0.741689996036739,
    "fitted_auc['logcondens']": 0.754218198839273,
    "fitted_auc['logcondens_smooth']": 0.714935573938166,
    # Obuchowski and power: R 4.2.2, pROC 1.18 (printed above; var/cov and the
    # sizes with sprintf("%.15g", ...)).
    "obuchowski_var": 0.0027347779664149,
    "obuchowski_cov": 0.000856080295192227,
    "obuchowski_partial": 1.19106252622673e-06,
    "planned.ncases, planned.ncontrols": (12.8082526663476, 25.6165053326952),
    "two_curves.ncases, two_curves.ncontrols": (175.530325037408, 308.248375675449),
    "round(exact.auc, 7)": 0.6961054,
    # The warning study's prose: the share never drawn separates the designs.
    "bool(covering['share'].max() < under['share'].min())": True,
}
