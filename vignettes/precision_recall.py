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
# # Precision-recall
#
# *Three areas under one curve, which one to report, and intervals that
# cover, for rare events with weights.*
#
# When positives are rare, a ROC curve looks good for a model whose alarms
# are mostly false: its x axis divides the false positives by the many
# negatives.  The precision-recall curve divides them by the alarms
# instead.  Its area comes in three versions, and they differ:
#
# * **Average precision (AP)**, scikit-learn's `average_precision_score`:
#   the precision at each positive's threshold, averaged over the positives
#   (with weights, over their weight): the area under the step curve.
# * **The interpolated area**, PRROC's `auc.integral` (Davis and Goadrich,
#   2006): between two thresholds, true and false positives grow together
#   linearly, so precision follows a curve, not a line.  This is the area
#   under the curve the classifier can actually reach by randomising
#   between two thresholds.
# * **The trapezoid**, yardstick's `pr_auc`: straight lines between the
#   points.  Davis and Goadrich showed that this overstates the area: a
#   straight line in precision-recall space is not achievable.
#
# `weightedroc.pr_auc(method=...)` gives the three ("interpolated" will be
# the default in 2.0; `average_precision` is the step area), with weights,
# and `pr_ci` and `pr_test` give intervals and paired tests.

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

# %% [markdown]
# ## A rare event, sampled with weights
#
# A screening cohort of 40,000 people, of whom 1% develop the disease, in
# 80 clinics.  Everyone who fell ill is kept, and one healthy person in
# ten, with a sampling weight of 10: 4,000 rows stand for the cohort.  A
# risk score, rounded to one decimal as such scores are reported, ranks
# them (so many people share a score).

# %%
rng = np.random.default_rng(41)
cohort = 40_000
clinic = rng.integers(0, 80, cohort)
ill = rng.random(cohort) < 0.01
score = np.round(rng.normal(size=cohort) + 1.6 * ill + 0.3 * rng.normal(size=80)[clinic], 1)
kept = ill | (rng.random(cohort) < 0.1)
sample = pd.DataFrame(
    {"score": score[kept], "ill": ill[kept].astype(int), "clinic": clinic[kept]}
).reset_index(drop=True)
sample["weight"] = np.where(sample["ill"] == 1, 1.0, 10.0)
sample.groupby("ill").agg(rows=("score", "size"), weight=("weight", "sum"))

# %% [markdown]
# ## Three areas
#
# With the weights, every area describes the cohort: a weighted precision
# counts each sampled healthy person as the ten they stand for.  Without
# them the precision of every threshold is ten times too high (here the
# unweighted AP would be 0.48 against 0.16).

# %%
data = (sample["score"], sample["ill"], sample["weight"])
areas = pd.Series(
    {
        "average precision (step)": wr.average_precision(*data),
        "interpolated (Davis-Goadrich, PRROC)": wr.pr_auc(data, method="interpolated"),
        "trapezoid (straight lines)": wr.pr_auc(data, method="trapezoid"),
    },
    name="area",
)
unweighted = wr.average_precision(sample["score"], sample["ill"])
areas.round(4)

# %% [markdown]
# The trapezoid is the largest: it draws straight lines that no threshold,
# nor any mixture of two, can reach.  The step area is the smallest here,
# because between the points it holds the lower precision.  The curves
# below, at recalls up to 0.3, show where they part: at the top of the
# ranking, where few people hold the highest scores and each tied score
# adds several at once.

# %%
# figure: The weighted precision-recall curve of the risk score at recalls up to 0.3, drawn three ways: the steps of average precision, Davis and Goadrich's interpolated curve, and straight lines between the points.
# alt: Precision against recall from 0 to 0.3: three curves that meet at the points reached by each distinct score; between points the straight lines lie above the interpolated curve, which bows below them, and the steps hold the lower precision.
steps = wr.weighted_pr(*data)
interpolated = wr.weighted_pr(*data, interpolate=True)
drawn = pd.concat(
    [
        steps.assign(curve="steps (average precision)"),
        interpolated.assign(curve="interpolated (PRROC)"),
        steps.assign(curve="straight lines (trapezoid)"),
    ]
)
(
    p9.ggplot(drawn, p9.aes("recall", "precision", colour="curve", linetype="curve"))
    + p9.geom_step(data=drawn[drawn["curve"].str.startswith("steps")], direction="vh")
    + p9.geom_path(data=drawn[~drawn["curve"].str.startswith("steps")])
    + p9.coord_cartesian(xlim=(0, 0.3))
    + p9.labs(colour="", linetype="")
    + p9.theme_bw(base_size=12)
    + p9.theme(figure_size=(7, 4.5), legend_position="bottom")
)

# %% [markdown]
# Which to report?  The interpolated area is the area of a curve that
# exists, and it does not depend on how ties are broken; AP is the
# familiar number of information retrieval and of scikit-learn.  The
# trapezoid should not be used for precision-recall curves.
#
# ## Intervals
#
# `pr_ci` gives an interval of either area (`estimator="ap"` or
# `"interpolated"`).  Its methods:
#
# * `"influence"`: the area plus or minus 1.96 standard errors, the
#   standard error from the area's derivative in each row's weight (the
#   delta method over all rows, with n/(n - 1), as the jackknife);
# * `"logit"` and `"binomial"`: Boyd, Eng and Page's (2013) intervals,
#   with n the number of positives (with weights, Kish's effective number
#   of positives);
# * `"bootstrap"`: the stratified percentile bootstrap;
# * with `design=`, the design's variance: linearization (the influence
#   values totalled by cluster, as survey's `svyrecvar`) or replicates.
#
# The people of one clinic share its effect on the score, so the rows are
# not independent: the clinic is the sampling unit.

# %%
clinics = wr.SurveyDesign(cluster=sample["clinic"])
n_boot = 200 if FAST else 2000
rows = []
with warnings.catch_warnings():
    # Boyd's intervals warn with uneven weights: see the coverage study below
    warnings.simplefilter("ignore", UserWarning)
    for estimator in ("ap", "interpolated"):
        for method in ("influence", "logit", "binomial", "bootstrap"):
            rows.append(wr.pr_ci(*data, estimator=estimator, method=method, n_boot=n_boot, seed=1))
        rows.append(wr.pr_ci(*data, estimator=estimator, design=clinics))
intervals = pd.DataFrame(
    {
        "estimator": [r.estimator for r in rows],
        "estimate": [r.estimate for r in rows],
        "conf_low": [r.conf_low for r in rows],
        "conf_high": [r.conf_high for r in rows],
        "method": [r.method for r in rows],
    }
)
intervals.round(4)

# %% [markdown]
# Two scores on the same people are compared by `pr_test`, from the
# difference of their influence values (a DeLong-style test), by the
# paired bootstrap, or with the design.  A score without the clinic
# effect's information, say an older score:

# %%
older = np.round(sample["score"] + rng.normal(scale=0.8, size=len(sample)), 1)
test = wr.pr_test(sample["score"], older, sample["ill"], sample["weight"], estimator="interpolated")
test

# %% [markdown]
# ## Beside PRROC and precrec
#
# PRROC 1.4 (Grau and Keilwagen) takes weights as two weight vectors, one
# per class: a row of weight w and label y is `weights.class0 = w * y` and
# `weights.class1 = w * (1 - y)` (with `scores.class1` given as well, or
# PRROC pairs scores and weights wrongly on unsorted data).  precrec 0.14
# draws the same interpolated curve, but takes no weights and integrates it
# by the trapezoid rule over 1,000 recall points: its area misses the exact
# one by up to 3e-5 (4e-6 with 10,000 points, 5e-8 with 100,000; the
# largest over 40 data sets each, benchmarks/results/precrec_comparison.md).  Recorded from live runs on
# these data (tests/test_pr_interpolated.py and tests/test_precrec_live.py
# check both packages live):

# %%
PRROC_WEIGHTED, PRROC_UNWEIGHTED, PRROC_DG = (
    0.16304265392400435,
    0.48599089085976233,
    0.48599792784683971,
)
PRECREC_DEFAULT = 0.48599147933968567
references = pd.DataFrame(
    {
        "reference": [
            "PRROC auc.integral, weighted",
            "PRROC auc.integral, unweighted",
            "PRROC auc.davis.goadrich, unweighted",
            "precrec PRC (x_bins = 1000), unweighted",
        ],
        "value": [PRROC_WEIGHTED, PRROC_UNWEIGHTED, PRROC_DG, PRECREC_DEFAULT],
        "weightedroc": [
            wr.pr_auc(data, method="interpolated"),
            wr.pr_auc((sample["score"], sample["ill"]), method="interpolated"),
            wr.pr_auc((sample["score"], sample["ill"]), method="davis_goadrich"),
            wr.pr_auc((sample["score"], sample["ill"]), method="interpolated"),
        ],
    }
)
references["difference"] = references["weightedroc"] - references["value"]
references

# %% [markdown]
# ## Do the intervals cover?
#
# benchmarks/pr_coverage.py draws samples from a binormal model whose true
# areas are known (by quadrature), at prevalences of 0.5%, 5% and 30%,
# with 100 to 10,000 positives, with unit weights, importance weights
# (log-normal), and clustered rows (a design with clusters), and counts how
# often each 95% interval holds the truth.  The grey band is 0.95 plus or
# minus two Monte Carlo standard errors of 1,000 samples (0.014); cells
# with fewer samples have wider errors, given in
# benchmarks/results/pr_coverage.md.

# %%
# figure: Coverage of the 95% intervals of average precision by simulation, against the number of positives, by weighting (rows) and prevalence (columns); the grey band is 0.95 plus or minus two Monte Carlo standard errors of 1,000 samples.
# alt: A grid of panels, unit, importance and clustered samples by prevalence 0.5%, 5% and 30%, of coverage against the number of positives (100 to 10,000, log scale), one line per interval; with unit weights the influence, logit and binomial intervals lie between 0.93 and 0.97 and the bootstrap near 0.9; with importance weights every interval falls to 0.7-0.87 at 0.5% and 5% prevalence, and only the influence interval recovers with many positives; for clustered rows only the design-based intervals reach 0.94-0.96.
coverage = pd.read_csv(ROOT / "benchmarks" / "results" / "pr_coverage.csv")
coverage["prevalence"] = pd.Categorical(
    (100 * coverage["prevalence"]).map("{:g}%".format), ["0.5%", "5%", "30%"]
)
ap = coverage[coverage["estimator"] == "AP"]
ap = ap.assign(weights=pd.Categorical(ap["weights"], ["unit", "importance", "clustered"]))
se = float(np.sqrt(0.95 * 0.05 / 1000))
(
    p9.ggplot(ap, p9.aes("positives", "coverage", colour="method"))
    + p9.annotate("rect", xmin=80, xmax=12500, ymin=0.95 - 2 * se, ymax=0.95 + 2 * se, alpha=0.15)
    + p9.geom_hline(yintercept=0.95, colour="grey")
    + p9.geom_line()
    + p9.geom_point()
    + p9.facet_grid("weights ~ prevalence")
    + p9.scale_x_log10(breaks=[100, 1000, 10000], labels=["100", "1,000", "10,000"])
    + p9.labs(x="positives", y="coverage of 95% intervals", colour="")
    + p9.theme_bw(base_size=12)
    + p9.theme(figure_size=(8.5, 7), legend_position="bottom")
)

# %%
coverage.pivot_table(
    index=["estimator", "weights", "prevalence", "positives"],
    columns="method",
    values="coverage",
    observed=True,
).round(3)

# %% [markdown]
# What the study shows (the table above; Monte Carlo errors 0.007 with
# 1,000 samples, up to 0.034 in the largest cells):
#
# * **Unit weights.**  The influence, logit and binomial intervals covered
#   0.93 to 0.97 everywhere; the logit interval was closest to 0.95 with
#   100 positives, as Boyd, Eng and Page found, and the binomial interval
#   over-covered (0.97) at 0.5% prevalence, where AP is small.  The
#   percentile bootstrap covered only 0.89 to 0.92.
# * **Importance weights** (log-normal, standard deviation 1 on the log
#   scale).  Every interval under-covered at 0.5% and 5% prevalence (0.71
#   to 0.87 with 100 positives): the weights leave few effective
#   positives.  The influence interval recovered as positives grew (0.92
#   with 1,000 and 0.96 with 10,000 at 5%), but Boyd's intervals did not
#   (0.75): their n, Kish's effective number of positives, ignores the
#   negatives' weights.  With importance weights use the influence
#   interval, and check that the weights leave enough effective positives.
# * **Clustered rows** (20 rows a cluster).  Every interval that treats the
#   rows as independent under-covered (0.76 to 0.89 at 5% and 30%), while
#   the design-based interval (`design=SurveyDesign(cluster=...)`) covered
#   0.94 to 0.96 once there were 1,000 positives (50 clusters or more); with
#   17 clusters it covered 0.88, and Student's t on clusters - 1 degrees of
#   freedom 0.90.
#
# The interpolated area's intervals behave as AP's (the table's second
# half).  The paired test `pr_test` held its size within 0.054 to 0.076 and
# reached a power of 0.92 with 400 rows a sample
# (benchmarks/results/pr_test_size_power.md).

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered).
# From PRROC 1.4.3 (pr.curve(scores.class0, scores.class1, weights.class0,
# weights.class1)$auc.integral, and $auc.davis.goadrich without weights) and
# precrec 0.14.4 (auc(evalmod(scores, labels)), PRC), run live on `sample`.
EXPECTED = {
    "round(references['difference'].abs()[:3].max(), 14)": 0.0,
    "bool(0 < abs(references['difference'].iloc[3]) < 5e-6)": True,
    "round(unweighted, 4)": 0.4759,
    "round(areas.iloc[1], 10)": 0.1630426539,
    "bool(areas.iloc[2] > areas.iloc[1] > areas.iloc[0])": True,
}
