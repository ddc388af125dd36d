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
# # Survey data
#
# *Design-based intervals and tests for the weighted AUC, as R's survey
# package and svyROC compute them.*
#
# Weights mean two different things.  A **cost** weight says how much an
# error on a row matters; the rows are still independent draws, and the
# importance-weighted DeLong variance of `auc_ci` is the right one.  A
# **sampling** weight says how many population units a row stands for; the
# rows were drawn by a design (strata, clusters, unequal probabilities), and
# the AUC's variance comes from that design, which the weights alone do not
# describe.  Rows of a cluster are alike, so a cluster sample holds less
# information than as many independent rows, and no rule read from the
# weights can tell how much less.
#
# `weightedroc` takes the design as R's survey package does:
#
# | R | weightedroc |
# | --- | --- |
# | `svydesign(ids = ~psu, strata = ~st, fpc = ~N, nest = TRUE)` | `SurveyDesign(cluster="psu", strata="st", fpc="N", nest=True, data=frame)` |
# | `svydesign(ids = ~dnum + snum, fpc = ~fpc1 + fpc2, weights = ~pw)` | `SurveyDesign(cluster=["dnum", "snum"], fpc=["fpc1", "fpc2"], weight="pw", data=frame)` |
# | `options(survey.lonely.psu = "adjust")` | `SurveyDesign(..., lonely_psu="adjust")` |
# | `as.svrepdesign(d, type = "JKn")` | `design.replicates("JKn")` |
# | `svrepdesign(repweights = , scale = , rscales = , mse = )` | `ReplicateWeights(matrix, scale=, rscales=, mse=)` |
# | svyROC `ci.wauc(d, ..., method = "JKn")` | `auc_ci(phat, y, w, design=d, replicates="JKn")` |
# | svyROC `ht.paired`, `ht.indep` | `roc_test(..., design=d)`, with `design=(d1, d2)` for independent samples |
#
# and the weight argument holds the sampling weights (or the design does,
# with `weight=`; a function given `design=` then takes them from it).

# %%
import os
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import plotnine as p9

import weightedroc as wr

FAST = os.environ.get("WEIGHTEDROC_FAST") == "1"
ROOT = Path.cwd() if (Path.cwd() / "tests").is_dir() else Path.cwd().parent
SVYROC = ROOT / "tests" / "data" / "svyroc"
data = pd.read_csv(SVYROC / "example_variables_wroc.csv")
data2 = pd.read_csv(SVYROC / "example_variables_wroc_2.csv")
svyroc = dict(pd.read_csv(SVYROC / "svyroc_jkn.csv").itertuples(index=False))
data.head()

# %% [markdown]
# ## svyROC's example
#
# svyROC's example data (svyROC 1.1.0 by Iparragirre, Barrio and Arostegui,
# on CRAN) are a
# stratified cluster sample: 1,720 rows in 5 strata of 4 clusters each,
# weights from 20 to 1000.  `phat` is the fitted probability of svyROC's
# documented `svyglm` example (computed in R; see tests/data/svyroc).
# Cluster numbers repeat across strata, hence `nest=True`, as in svyROC's
# call.

# %%
design = wr.SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data)
y, phat, w = data["y"], data["phat"], data["weights"]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    importance = wr.auc_ci(phat, y, w)
linearized = wr.auc_ci(phat, y, w, design=design)
jkn = wr.auc_ci(phat, y, w, design=design, replicates="JKn")
boot = wr.auc_ci(phat, y, w, design=design, replicates="subbootstrap", n_boot=1000, seed=1)
table = pd.DataFrame(
    {
        "interval": [
            "svyROC ci.wauc, JKn",
            "auc_ci(design=, replicates='JKn')",
            "auc_ci(design=), linearization",
            "auc_ci(design=, replicates='subbootstrap'), 1000",
            "auc_ci, importance weights (no design)",
        ],
        "conf_low": [
            svyroc["ci.wauc low"],
            jkn.conf_low,
            linearized.conf_low,
            boot.conf_low,
            importance.conf_low,
        ],
        "conf_high": [
            svyroc["ci.wauc high"],
            jkn.conf_high,
            linearized.conf_high,
            boot.conf_high,
            importance.conf_high,
        ],
    }
)
table["width"] = table["conf_high"] - table["conf_low"]
table.round(6)

# %% [markdown]
# The AUC is the same for all, 0.7322408 (`auc_score`'s).  The JKn interval equals
# svyROC's to 1e-12 relative (tests/test_survey.py; tests/test_survey_svyroc.py
# runs svyROC live).  The importance-weight interval is about 10% narrower:
# it treats the 1,720 rows as independent.  It also warned, with facts about
# the weights and a pointer to `design=`:

# %%
print(str(caught[0].message) if caught else "no warning")

# %% [markdown]
# ### Comparing two scores
#
# `roc_test` with one design compares two scores of the same rows
# (svyROC's `ht.paired`); with the second sample as a tuple and
# `design=(d1, d2)` it compares two independent samples, each with its own
# design (`ht.indep`).

# %%
jkn_design = design.replicates("JKn")  # survey's as.svrepdesign(design, type = "JKn")
paired = wr.roc_test(data["phat.1"], data["phat.2"], y, w, design=jkn_design)
design2 = wr.SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data2)
independent = wr.roc_test(
    data["phat.1"],
    (data2["phat.2"], data2["y"], data2["weights"]),  # a sample of its own
    y,
    w,
    design=(jkn_design, design2.replicates("JKn")),
)
pd.DataFrame(
    {
        "test": ["ht.paired", "ht.indep"],
        "svyROC z": [svyroc["ht.paired z"], svyroc["ht.indep z"]],
        "statistic": [paired.statistic, independent.statistic],
        "svyROC p": [svyroc["ht.paired pvalue"], svyroc["ht.indep pvalue"]],
        "p_value": [paired.p_value, independent.p_value],
    }
)

# %% [markdown]
# ## A design from scratch
#
# Six rows in two strata of two clusters each; the jackknife (JKn) deletes
# one cluster at a time and reweights the rest of its stratum by
# $n_h / (n_h - 1)$, exactly as `survey::as.svrepdesign`
# (tests/test_survey_live.py compares the matrices, `scale` and `rscales`
# with survey 4.1's).

# %%
small = wr.SurveyDesign(cluster=[1, 1, 2, 3, 3, 4], strata=[1, 1, 1, 2, 2, 2])
reps = small.replicates("JKn")
pd.DataFrame(
    reps.matrix,
    columns=[f"replicate {r + 1}" for r in range(reps.n_replicates)],
    index=[f"PSU {k + 1}" for k in range(4)],
)

# %% [markdown]
# Each replicate's `rscales` is $(n_h - 1) / n_h = 1/2$ and `scale` is 1,
# survey's values.  A design also takes an `fpc` (population sizes, or
# sampling fractions), as `svydesign`:

# %%
rng = np.random.default_rng(3)
n = 600
frame = pd.DataFrame({"stratum": np.repeat([1, 2, 3], 200), "school": np.repeat(np.arange(30), 20)})
effect = rng.normal(0, 1.6, 30)[frame["school"]]  # pupils of a school are alike
frame["y"] = (rng.random(n) < 1 / (1 + np.exp(-(effect - 1)))).astype(int)
frame["score"] = rng.normal(size=n) + frame["y"] + 0.5 * effect
frame["weight"] = np.repeat([40.0, 60.0, 90.0], 200)
frame["schools"] = np.repeat([100, 150, 220], 200)  # schools in each stratum's population
schools = wr.SurveyDesign(cluster="school", strata="stratum", fpc="schools", data=frame)
args = (frame["score"], frame["y"], frame["weight"])
compare = pd.DataFrame(
    {
        "method": [
            "linearization",
            "linearization, no fpc",
            "JKn",
            "bootstrap (500)",
            "importance weights",
        ],
        "std_error": [
            np.sqrt(wr.auc_var(*args, design=schools)),
            np.sqrt(
                wr.auc_var(
                    *args, design=wr.SurveyDesign(cluster="school", strata="stratum", data=frame)
                )
            ),
            np.sqrt(wr.auc_var(*args, design=schools, replicates="JKn")),
            np.sqrt(wr.auc_var(*args, design=schools, replicates="bootstrap", n_boot=500, seed=1)),
            np.sqrt(wr.auc_var(*args)),
        ],
    }
)
compare.round(5)

# %% [markdown]
# Linearization (the default with a `SurveyDesign`) totals the AUC's
# influence values within each school and varies the totals between
# schools of a stratum, as `survey::svyrecvar`; the jackknife recomputes
# the AUC without each school, as `svrVar` combines it.  The two agree
# within 1%, the bootstrap (500 replicates, survey's rescaled bootstrap)
# within 10%; ignoring the
# schools (importance weights, no design) gives a standard error about 28%
# smaller here, and the `fpc` 3% smaller: 10 schools are sampled in each
# stratum, of 100, 150 and 220, so 4.5% to 10% of each stratum's schools,
# and the fpc $\sqrt{1 - n_h/N_h}$ removes 2% to 5% of each stratum's
# standard error.  `quantile="t"` uses survey's degrees of freedom, PSUs
# minus strata (27 here).
#
# ### Points of the curve, and GAUC
#
# `ci_se`, `ci_sp` and `ci_coords` read the curve under each replicate's
# weights (a `SurveyDesign` alone gets JKn, as `as.svrepdesign`'s
# default), and give Wald intervals with their standard errors.
# `group_auc` averages the AUCs of groups (here the classes of ten pupils
# within each school) weighted by their sampling weight, and its design-based
# variance comes from GAUC's influence values (or its replicates).

# %%
frame["class"] = frame["school"] * 2 + np.arange(n) % 2
points = wr.ci_coords(
    *args, x=[0.5, 1.0], ret=["sensitivity", "specificity"], design=schools, replicates="JKn"
)
gauc = wr.group_auc(
    frame, "score", "y", "weight", by="class", group_weight="weight", design=schools
)
print(gauc)
points.round(4)

# %% [markdown]
# ## Coverage
#
# benchmarks/survey_coverage.py draws 1000 samples from a population of
# about a million units (10 strata x 500 clusters, outcomes alike within
# clusters) with two designs and 20 to 200 PSUs, and counts how often each
# 95% interval covers the population AUC.  Both designs sample clusters
# within each stratum, then 20 units (all if fewer) within each sampled
# cluster:
#
# * **two-stage**: the clusters by simple random sampling (equal chances),
#   the units by simple random sampling within them; the weight is the
#   product of the two stages' inverse sampling fractions;
# * **PPS** (probability proportional to size): the clusters drawn with
#   replacement, each with probability proportional to its size times a
#   factor that grows with its outcome rate, so clusters with more events
#   are likelier (an informative design, whose weights undo it).
#
# The grey band is 0.95 plus or minus two Monte Carlo standard errors,
# $2\sqrt{0.95 \times 0.05 / 1000} = 0.014$: with 1000 samples per
# setting, a coverage inside it cannot be told apart from 95%.

# %%
# figure: Coverage of the 95% intervals against the number of PSUs, by design; the grey band is 0.95 plus or minus two Monte Carlo standard errors (0.014).
# alt: Two panels, PPS and two-stage, of coverage against the number of PSUs (20, 50, 200), one line per interval, with a grey band of two Monte Carlo standard errors around 0.95; the design-based intervals rise towards 0.95 as PSUs grow, while the importance-weight interval stays between 0.905 and 0.925.
coverage = pd.read_csv(ROOT / "benchmarks" / "results" / "survey_coverage.csv")
se = float(np.sqrt(0.95 * 0.05 / coverage["samples"].iloc[0]))
(
    p9.ggplot(coverage, p9.aes("psus", "coverage", colour="method"))
    + p9.annotate("rect", xmin=18, xmax=220, ymin=0.95 - 2 * se, ymax=0.95 + 2 * se, alpha=0.15)
    + p9.geom_hline(yintercept=0.95, colour="grey")
    + p9.geom_line()
    + p9.geom_point()
    + p9.facet_wrap("~design")
    + p9.scale_x_log10(breaks=[20, 50, 200])
    + p9.labs(x="PSUs (10 strata)", y="coverage of 95% intervals", colour="")
    + p9.theme_bw(base_size=12)
    + p9.theme(figure_size=(8, 4.2), legend_position="bottom")
)

# %%
coverage.pivot_table(index=["design", "psus"], columns="method", values="coverage").round(3)

# %% [markdown]
# With 200 PSUs every design-based interval covered 0.943 to 0.953, within
# Monte Carlo error (0.007) of 95%, while the importance-weight interval,
# blind to the clusters, covered 0.905 to 0.925 in every setting.  With
# fewer PSUs the design-based intervals fall short: 0.927 to 0.938 with 50,
# and 0.889 to 0.918 with 20 (2 PSUs per stratum), where the variance rests
# on 10 degrees of freedom and the normal quantile is too small.  There
# Student's t on PSUs - strata (`quantile="t"`, survey's degrees of
# freedom) covered 0.930 and 0.943.  The widths are in
# benchmarks/results/survey_coverage.md.
#
# ## Which weights, which variance
#
# * **Costs, or weights of independent rows** (importance weights,
#   case weights of a simple random sample): `auc_ci(guess, label, weight)`.
# * **Weights from a sampling design** (strata, clusters, unequal
#   inclusion probabilities): `auc_ci(guess, label, weight,
#   design=SurveyDesign(...))`.  If you have replicate weights from the
#   data producer, give them as `ReplicateWeights(matrix, scale=,
#   rscales=)`.
#
# ## Where this differs from svyROC
#
# * svyROC ignores an `fpc`; here the replicates' `rscales` carry it,
#   as in survey's `svrVar`.
# * When every PSU has the same number of rows, svyROC's
#   `apply(JKn.w == 0, 2, which)` returns a matrix instead of a list and its
#   variance is multiplied by the rows per PSU (when the strata also have
#   equally many PSUs; tests/test_survey_svyroc.py measures it).  Here the
#   variance is survey's.
# * `ReplicateWeights(..., mse=True)` (the default) centres replicates at the
#   full-sample estimate, as svyROC's jackknife; `mse=False` at their mean,
#   survey's default and svyROC's subbootstrap.
# * The replicate AUCs come from one sort: a pass over the rows builds the
#   PSU-by-PSU pair totals (for the jackknife, blocks within strata only),
#   after which each replicate costs a product of PSU-sized vectors
#   (benchmarks/results/survey_speed.md).

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered):
# svyROC's JKn interval and tests as the issue quotes them and as recorded
# from R (tests/data/svyroc/svyroc_jkn.csv), survey's JKn rscales for two
# PSUs per stratum, (n_h - 1) / n_h.
EXPECTED = {
    "round(jkn.estimate, 7)": 0.7322408,
    "(round(jkn.conf_low, 4), round(jkn.conf_high, 4))": (0.6657, 0.7988),
    "abs(jkn.conf_low - svyroc['ci.wauc low']) < 1e-12": True,
    "abs(paired.statistic - svyroc['ht.paired z']) < 1e-10": True,
    "abs(independent.p_value - svyroc['ht.indep pvalue']) < 1e-10": True,
    "list(reps.rscales)": [0.5, 0.5, 0.5, 0.5],
    "reps.scale": 1.0,
    "round(coverage['samples'].iloc[0] * 1.0)": 1000.0,
    "round(2 * se, 3)": 0.014,
    "(10 / frame.groupby('stratum')['schools'].first()).round(3).tolist()": [0.1, 0.067, 0.045],
}
