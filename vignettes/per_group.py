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
# # Per-user AUC and GAUC: many groups at the speed of one
#
# *A recommender ranks items for each user. Is the ranking good within a
# user, and how good on average over users, weighted by how often they were
# shown items?*
#
# Recommender, ads and fraud teams evaluate a ranking per user, per query or
# per merchant, then average the per-group AUCs, weighted by impressions:
# GAUC. That means hundreds of thousands of small groups. `group_auc`
# computes every group's AUC (`auc_table`'s, `WeightedAUC` of the group's
# rows) and their weighted mean over the groups with both labels, with a
# DeLong interval, in about the time of one pass over the rows.

# %%
import os
import time

import numpy as np
import pandas as pd
import plotnine as p9
from sklearn.metrics import roc_auc_score

import weightedroc as wr
from weightedroc.plots.palette import GROUP_COLOURS

FAST = os.environ.get("WEIGHTEDROC_FAST") == "1"  # small sizes, for the tests
pd.set_option("display.width", 120)

# %% [markdown]
# ## A simulated recommender log
#
# 5,000 users, each shown a geometric number of items (mean 12). User $u$
# clicks item $k$ with probability $\operatorname{logistic}(a_u + 1.5 r_{uk})$:
# $a_u$ is how much the user clicks at all, $r_{uk}$ how relevant the item
# is to them. The model's score is a noisy estimate of the relevance plus a
# guess of the user's activity, $0.8 r_{uk} + e_{uk} + 0.7 a_u$. Each row is
# one (user, item) pair; `impressions` counts how often the item was shown
# (1 plus a geometric number), the weight of the row.


# %%
def recommender_log(users, seed=0):
    rng = np.random.default_rng(seed)
    shown = rng.geometric(1 / 12, users)
    user = np.repeat(np.arange(users), shown)
    activity = rng.normal(-1.5, 1.0, users)[user]
    relevance = rng.normal(size=len(user))
    click = rng.random(len(user)) < 1 / (1 + np.exp(-(activity + 1.5 * relevance)))
    score = 0.8 * relevance + rng.normal(size=len(user)) + 0.7 * activity
    return pd.DataFrame(
        {
            "user": user,
            "score": score.round(3),
            "click": click.astype(int),
            "impressions": rng.geometric(0.6, len(user)),
        }
    )


log = recommender_log(5_000)
print(f"{len(log):,} rows, {log.user.nunique():,} users, {log.click.mean():.1%} clicked")
log.head()

# %% [markdown]
# ## Pooled AUC against GAUC
#
# The AUC of all rows pooled rewards the model for ranking active users'
# items above quiet users' ones, which no user ever sees: a user is shown
# their own ranking only. GAUC averages each user's own AUC. Users who
# clicked everything or nothing they were shown have no AUC (no pair to
# rank): GAUC leaves them out by definition, and `n_skipped` counts them.

# %%
pooled = wr.auc_score(log.score, log.click, log.impressions)
gauc = wr.group_auc(log, "score", "click", "impressions", by="user", group_weight="weight")
print(f"pooled AUC {pooled:.4f}")
gauc

# %% [markdown]
# The pooled AUC (0.749) is well above the users' own (GAUC 0.697): almost
# every pooled pair compares two users' items, and the activity term in the
# score sorts those, a skill no user benefits from. `gauc.groups` is the per-user table (`auc_table`'s columns, the
# user's weight in the mean and the DeLong variance of its AUC):

# %%
per_user = gauc.groups
per_user.head()

# %%
# figure: Histogram of the per-user AUCs, with GAUC dashed.
# alt: Histogram of the AUC of each user's own ranking, in bins of 0.05, spread widely around the dashed vertical line of GAUC, 0.697.
(
    p9.ggplot(per_user, p9.aes("auc"))
    + p9.geom_histogram(binwidth=0.05, boundary=0, fill=GROUP_COLOURS[4], colour="white")
    + p9.geom_vline(xintercept=gauc.estimate, linetype="dashed")
    + p9.labs(
        x="AUC of the user's own ranking",
        y="users",
        title="Per-user AUC (dashed: GAUC, impression-weighted)",
    )
    + p9.theme_bw(base_size=12)
    + p9.theme(figure_size=(6.5, 4))
)

# %% [markdown]
# Small users have coarse AUCs (a user with one click among four items can
# only score 0, 1/3, 2/3 or 1), hence the spikes at 0 and 1. How the users are weighted
# is a choice of what to report: `group_weight` is `"n"` (rows, here items
# shown), `"weight"` (impressions), `"positive_weight"` (clicked
# impressions) or `"equal"`. Here the user's AUC hardly depends on their
# size, so the four means differ little.

# %%
weightings = pd.DataFrame(
    {
        "group_weight": ["n", "weight", "positive_weight", "equal"],
        "GAUC": [
            wr.group_auc(
                log, "score", "click", "impressions", by="user", group_weight=weighting
            ).estimate
            for weighting in ["n", "weight", "positive_weight", "equal"]
        ],
    }
)
weightings.round(4)

# %% [markdown]
# ## The interval
#
# Each user's AUC has DeLong's variance (`auc_var`, here with impressions as
# importance weights), and with the users independent and their weights
# $g_i$ held fixed,
# $\operatorname{Var}(\text{GAUC}) = \sum_i g_i^2 \operatorname{var}_i /
# (\sum_i g_i)^2$: the uncertainty of these users' AUCs, not of a mean over
# a population of users. A user with a single click (or a single skip) has
# no DeLong variance, as pROC returns NA for a curve with one case, so the
# interval above is NA. `min_per_class=2` keeps the users with at least two
# of each: another, smaller mean, with an interval.

# %%
two_each = wr.group_auc(
    log, "score", "click", "impressions", by="user", group_weight="weight", min_per_class=2
)
two_each

# %% [markdown]
# In simulations with the groups and their weights fixed and fresh scores
# (`benchmarks/gauc_coverage.py`, 500 samples in each of six settings of
# 100 to 560 users with unit, importance or frequency weights), this 95%
# interval held the true weighted mean of the users' AUCs in 93.6% to
# 96.6% of samples, within the simulation's margin of 95%; its standard
# error matched the spread of GAUC over the samples to within 6%.
#
# The other question is about the population the users come from: if they
# are a sample of users, GAUC varies also because other users would have
# other AUCs.  `interval="between"` measures that from the spread of the
# users' AUCs around GAUC, $\frac{G}{G-1} \sum_i g_i^2 (\mathrm{AUC}_i -
# \mathrm{GAUC})^2 / (\sum_i g_i)^2$ over the $G$ users used (Student's t
# with $G - 1$ degrees of freedom), which needs no variance within a user,
# so the single-click users count:

# %%
everyone = wr.group_auc(
    log, "score", "click", "impressions", by="user", group_weight="weight", interval="between"
)
everyone

# %% [markdown]
# With users drawn afresh from a population of varying AUCs
# (`benchmarks/gauc_coverage.py --interval between`, 500 samples), it held
# the population's GAUC in 94.8% to 95.0% of samples with about 100 users
# used, and 92.6% with about 15: with few users it is too short.  Pick
# DeLong's for these users' own rankings, `"between"` for users in general.
#
# ## Speed: one grouped pass against a loop over users
#
# The usual code loops over the users and calls scikit-learn's
# `roc_auc_score` for each (here on numpy slices of a log sorted by user
# once, the fastest such loop), then averages. `group_auc` gives the same
# numbers (to 1e-12 against scikit-learn's, bit for bit `WeightedAUC` of
# each user's rows), and its DeLong interval besides. Times in seconds, as
# measured when this page was rendered.


# %%
def sklearn_loop(log):
    """GAUC (impression-weighted) by a loop over users with roc_auc_score."""
    ordered = log.sort_values("user", kind="stable")
    starts = np.flatnonzero(np.diff(ordered.user.to_numpy(), prepend=-1))
    score, click, weight = (ordered[c].to_numpy() for c in ("score", "click", "impressions"))
    aucs, weights = [], []
    for rows in np.split(np.arange(len(ordered)), starts[1:]):
        if 0 < click[rows].sum() < len(rows):
            aucs.append(roc_auc_score(click[rows], score[rows], sample_weight=weight[rows]))
            weights.append(weight[rows].sum())
    return np.average(aucs, weights=weights), np.array(aucs)


def seconds(function, *args, **kwargs):
    start = time.perf_counter()
    value = function(*args, **kwargs)
    return time.perf_counter() - start, value


timings = []
for users in [200, 800] if FAST else [1_000, 10_000, 30_000]:
    big = recommender_log(users, seed=1)
    grouped, result = seconds(
        wr.group_auc, big, "score", "click", "impressions", by="user", group_weight="weight"
    )
    looped, (loop_gauc, loop_aucs) = seconds(sklearn_loop, big)
    timings.append(
        {
            "users": users,
            "rows": len(big),
            "group_auc (s)": round(grouped, 3),
            "loop over roc_auc_score (s)": round(looped, 3),
            "times faster": round(looped / grouped, 1),
            "largest AUC gap": np.abs(result.groups["auc"].to_numpy() - loop_aucs).max(),
            "GAUC gap": abs(result.estimate - loop_gauc),
        }
    )
timings = pd.DataFrame(timings)
timings

# %% [markdown]
# The loop costs a Python call per user; `group_auc` groups the rows once,
# computes the users' AUCs from that one grouping, and their DeLong
# variances from one sort by (user, score). For a log larger than memory,
# `weightedroc.dask.group_auc` takes the same arguments on a Dask DataFrame:
# it shuffles the rows by user, so that users spanning partitions come
# together, and gathers one row per user. From the command line:
#
# ```sh
# weightedroc gauc log.parquet --guess score --label click --weight impressions \
#     --by user --group-weight weight
# ```

# %% tags=["check"]
# Key numbers, checked by tests/test_vignettes.py (this cell is not rendered):
# a per-user loop over scikit-learn's roc_auc_score (pooled AUC, GAUCs, users
# used and skipped), and for the interval a loop over weightedroc.auc_var per
# user (the grouped variances come from their own one-sort code).
EXPECTED = {
    "round(pooled, 4)": 0.7493,
    "round(gauc.estimate, 4)": 0.6969,
    "(gauc.n_groups, gauc.n_skipped)": (3721, 1279),
    "[round(g, 4) for g in weightings['GAUC']]": [0.6969, 0.6969, 0.6984, 0.6968],
    "(two_each.n_groups, two_each.n_skipped)": (2685, 2315),
    "round(two_each.estimate, 4)": 0.6972,
    "(round(two_each.conf_low, 4), round(two_each.conf_high, 4))": (0.6904, 0.704),
    "bool((timings['largest AUC gap'] < 1e-12).all())": True,
    "bool((timings['GAUC gap'] < 1e-12).all())": True,
}
