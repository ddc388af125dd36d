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
# # Survival
#
# *Time-dependent ROC curves and AUC of censored survival data: R's timeROC
# reproduced number for number, with exact curves, case weights and fast
# standard errors.*
#
# A survival model's discrimination at a horizon $t$ is a weighted ROC curve
# (the cumulative/dynamic ROC of Heagerty, Lumley & Pepe 2000, with the
# inverse-probability-of-censoring weights of Blanche, Dartigues &
# Jacqmin-Gadda 2013):
#
# * the **cases** are the subjects with an event before $t$ ($T_i < t$),
#   each weighted by $1 / \hat G(T_i-)$, the inverse probability of
#   remaining uncensored until its own event;
# * the **controls** are the subjects still event-free after $t$
#   ($T_j > t$), each weighted by $1 / \hat G(t)$.
#
# $\hat G$ is the Kaplan-Meier estimate of the censoring distribution (or a
# Cox model of censoring, `weighting="cox"`).  Each time's curve is then
# `WeightedROC` of those cases and controls with those weights, bit for bit,
# so everything in this package that reads a curve reads these.
#
# | timeROC (R) | weightedroc |
# | --- | --- |
# | `timeROC(T, delta, marker, cause=1, times=tt)$TP`, `$FP` | `time_roc(time, event, guess, times=tt)` |
# | `timeROC(..., iid=TRUE)$AUC`, `$inference$vect_sd_1` | `time_auc(time, event, guess, times=tt)` |
# | `confint(timeROC(..., iid=TRUE))` | `time_auc(...)[["conf_low", "conf_high"]]` |
# | `compare(roc1, roc2)` | `time_auc_test(time, event, guess1, guess2, times=tt)` |
# | `plotAUCcurve(roc)` | `weightedroc.plots.time_auc_plot(time_auc(...))` |

# %%
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import plotnine as p9
from sksurv.datasets import load_gbsg2
from sksurv.linear_model import CoxPHSurvivalAnalysis
from sksurv.metrics import cumulative_dynamic_auc

import weightedroc as wr
from weightedroc.plots import time_auc_plot

# %% [markdown]
# ## A prognostic model on GBSG2
#
# The German Breast Cancer Study Group 2 trial (shipped with scikit-survival
# as `load_gbsg2`): 686 women with node-positive breast cancer, followed for
# recurrence-free survival (days), 299 with an event.  A Cox model fitted on
# a random 60% of them gives a risk score; its discrimination is measured on
# the other 40%.

# %%
X, y = load_gbsg2()
X = X.assign(
    horTh=(X["horTh"] == "yes").astype(float),
    menostat=(X["menostat"] == "Post").astype(float),
    tgrade=X["tgrade"].cat.codes.astype(float),
)
test = np.random.default_rng(2013).permutation(len(X)) < 0.4 * len(X)
model = CoxPHSurvivalAnalysis().fit(X[~test], y[~test])
risk = model.predict(X[test])
y_test = y[test]
years = [365.25 * k for k in (1, 2, 3, 4, 5)]
print(f"{test.sum()} test subjects, {y_test['cens'].sum()} events")

# %% [markdown]
# Events are coded 0 (censored) and 1 (the event), or False/True.  Other
# codes are competing causes, read only with an explicit `cause=` (as
# timeROC's `cause`), so that a few stray codes never become a second
# cause silently.  R's `Surv(time, status)` coding (1 censored, 2 event,
# as in R's `lung`) is refused with its fix, `event = status - 1`.  A time
# without cases or controls (at 0, before the first event, at or after
# the last observed time) gives NaN with one warning that names it.
#
# `time_auc` takes the time and event as arrays, as columns of a frame
# (`data=`), or, as here, as scikit-survival's structured array; the AUC at
# each horizon comes with timeROC's standard error and a 95% interval:

# %%
table = wr.time_auc(y_test, guess=risk, times=years)
table.assign(years=table.time / 365.25).round(4)

# %% [markdown]
# ## The same numbers as timeROC
#
# R's timeROC 0.4.1 (archived from CRAN in 2024) on the same test subjects
# and risk scores, `timeROC(T, delta, marker, cause=1, times=tt, iid=TRUE)`,
# run by `reference_outputs/survival/gbsg2_timeroc.py`:

# %%
root = Path(wr.__file__).resolve().parent.parent
timeroc = pd.read_csv(root / "reference_outputs" / "survival" / "gbsg2_timeroc.csv")
pd.DataFrame(
    {
        "years": table.time / 365.25,
        "AUC here": table.auc,
        "AUC timeROC": timeroc.auc,
        "SE here": table.std_error,
        "SE timeROC": timeroc.std_error,
    }
).round(6)

# %%
print(
    "largest difference: AUC "
    f"{np.max(np.abs(table.auc - timeroc.auc)):.1e}, "
    f"SE {np.max(np.abs(table.std_error - timeroc.std_error)):.1e}"
)

# %% [markdown]
# The tests (tests/test_survival.py) check this live on many data sets, with
# and without competing risks, to 1e-10; timeROC's `compare()` too.  One
# detail: timeROC assigns the censoring hazard per row within tied times
# after a stable sort, so its standard error (and this one, which follows
# it) depends on the order of rows tied in time, by up to about 4e-5
# relative.
#
# ## The AUC over time
#
# timeROC's `iid=TRUE` standard errors grow as about $n^3$ (44 seconds at
# 1,000 subjects and 50 times; benchmarks/time_roc_speed.py measures this
# package over a thousand times faster there); here they take
# $O(n \log n)$ per time, so a fine grid of times costs little:

# %%
# figure: AUC(t) of the Cox risk score over time since surgery, with its pointwise 95% interval.
# alt: A line of the time-dependent AUC from about 180 to 2200 days, with a shaded band of its 95% interval.
grid = np.linspace(180, 2200, 40)
over_time = wr.time_auc(y_test, guess=risk, times=grid)
(time_auc_plot(over_time) + p9.labs(x="Days since surgery", y="AUC(t) of the Cox risk score"))

# %% [markdown]
# The early AUCs rest on few events (19 in the first year), hence the wide
# band.  Scikit-survival's summary, the AUC integrated against the
# Kaplan-Meier drop of survival over a range of times, is `time_auc_mean`:

# %%
mean_here = wr.time_auc_mean(y_test, guess=risk, times=years)
scores, mean_sksurv = cumulative_dynamic_auc(y_test, y_test, risk, years)
print(f"mean AUC, years 1-5: {mean_here:.6f} here, {mean_sksurv:.6f} scikit-survival")

# %% [markdown]
# ## Where scikit-survival differs
#
# `cumulative_dynamic_auc` counts $T_i \le t$ as cases and weights them by
# $1/\hat G(T_i)$ (timeROC: $T_i < t$ and $1/\hat G(T_i-)$), and it estimates
# the censoring distribution on the data passed as `survival_train`.  With
# the test data in both places the AUCs agree where no subject has an
# event exactly at $t$ and no event time ties a censoring time; GBSG2's
# times are whole days, with such ties, so the two differ in the fifth
# decimal:

# %%
pd.DataFrame(
    {"years": np.array(years) / 365.25, "here": table.auc, "scikit-survival": scores}
).assign(difference=lambda f: f["here"] - f["scikit-survival"]).round(6)

# %% [markdown]
# ## Censoring that depends on covariates
#
# `weighting="cox"` estimates $G$ by a Cox model of censoring on the risk
# score and `covariates=` (as `timeROC(..., weighting="cox",
# other_markers=...)`, which fits it by `rms::cph` through `pec::ipcw`):
# Efron ties, the Efron-corrected baseline hazard, and rms's stopping rule.
# timeROC gives no standard errors with it, and neither does this package:

# %%
covariates = X[test][["pnodes", "age"]].to_numpy()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # standard errors are NaN with weighting="cox"
    cox = wr.time_auc(y_test, guess=risk, times=years, weighting="cox", covariates=covariates)
pd.DataFrame(
    {"years": cox.time / 365.25, "AUC here": cox.auc, "AUC timeROC": timeroc.auc_cox}
).round(6)

# %% [markdown]
# ## Case weights, curves, and the competing-risks definitions
#
# `weight=` takes case weights: they weight the censoring estimate and
# multiply the IPCW.  With `weights_are="frequency"` they count repeated
# rows, and the AUC and its standard error are timeROC's of the rows
# repeated.  Below, the women with hormonal therapy count twice; the
# reference is R's timeROC run on the data with those rows written twice
# (`reference_outputs/survival/gbsg2_timeroc.py`).  With sampling or
# importance weights (the default `weights_are="importance"`), the
# standard error is the linearization of the weighted AUC (its derivatives
# in the weights, through the censoring estimate too); `design=` gives
# survey's design-based variance of it.

# %%
copies = np.where(X[test]["horTh"] == 1, 2, 1)
weighted = wr.time_auc(y_test, guess=risk, times=years, weight=copies, weights_are="frequency")
importance = wr.time_auc(y_test, guess=risk, times=years, weight=copies)
pd.DataFrame(
    {
        "years": weighted.time / 365.25,
        "AUC here": weighted.auc,
        "AUC timeROC, rows repeated": timeroc.auc_repeated,
        "SE here": weighted.std_error,
        "SE timeROC, rows repeated": timeroc.std_error_repeated,
        "SE as importance weights": importance.std_error,
    }
).round(6)

# %% [markdown]
# The importance-weight standard error is larger: it reads the weights as a
# sampling design (each row stands for `weight` subjects of the population,
# drawn once), not as rows observed twice.
#
# `time_roc` returns the curves themselves, a tidy frame with
# `WeightedROC`'s columns, one curve per time.  With competing risks (event
# codes 0, 1, 2, ... and `cause=`) both of timeROC's definitions of
# controls are reported, in a `definition` column.

# %%
curves = wr.time_roc(y_test, guess=risk, times=years[:2])
curves.groupby("time").size().rename("thresholds")

# %% tags=["check"]
# timeROC 0.4.1 (reference_outputs/survival/gbsg2_timeroc.csv, from R).
EXPECTED = {
    "[f'{a:.6f}' for a in cox.auc]": ["0.530140", "0.599580", "0.612680", "0.664639", "0.708189"],
    "[f'{a:.6f}' for a in table.auc]": ["0.531171", "0.601017", "0.618619", "0.673174", "0.721640"],
    "[f'{a:.6f}' for a in table.std_error]": [
        "0.070834",
        "0.040476",
        "0.037538",
        "0.037493",
        "0.041195",
    ],
    # the case-weight table: timeROC of the rows repeated
    "[f'{a:.6f}' for a in weighted.auc]": [
        "0.577912",
        "0.617781",
        "0.641146",
        "0.685753",
        "0.734503",
    ],
    "[f'{a:.6f}' for a in weighted.std_error]": [
        "0.060764",
        "0.033976",
        "0.031320",
        "0.031297",
        "0.033783",
    ],
    "float(np.max(np.abs(weighted.std_error - timeroc.std_error_repeated))) < 1e-12": True,
    "float(np.max(np.abs(weighted.auc - timeroc.auc_repeated))) < 1e-12": True,
}

# %% [markdown]
# ## Concordance: Harrell's and Uno's C
#
# The AUC at a horizon asks how well the score ranks who has an event by
# then; the concordance asks it of every comparable pair at once: of two
# women, the one whose event comes first (while the other is still
# followed) should have the higher risk score.  `wr.concordance` is R's
# `survival::concordance()` (with `reverse = TRUE`: a higher score means an
# earlier event, as a Cox model's risk), with its infinitesimal-jackknife
# standard error; `timewt=` weights the pairs by the time of their event:
# `"n"` (each pair counts once, Harrell's C), `"n/G2"` (Uno's C, by the
# inverse square of the censoring survival, which removes the dependence
# on the censoring), and `"S"`, `"S/G"`, `"I"`.  `tau=` is survival's
# `ymax`: pairs whose event comes after it are dropped (an event exactly at
# `tau` counts; scikit-survival's `tau` drops it).

# %%
harrell = wr.concordance(y_test, guess=risk)
uno = wr.concordance(y_test, guess=risk, timewt="n/G2", tau=5 * 365.25)
pd.DataFrame(
    {
        "summary": ["Harrell's C", "Uno's C (up to 5 years)"]
        + [f"AUC at {k} years" for k in (1, 2, 3, 4, 5)],
        "estimate": [harrell.estimate, uno.estimate, *table.auc],
        "std_error": [harrell.std_error, uno.std_error, *table.std_error],
    }
).round(4)

# %% [markdown]
# The concordance (0.598) sits between the early AUCs (0.53 at one year,
# on 19 events) and the late ones (0.72 at five): it averages the AUC(t)
# over the event times, each time weighted by its number of comparable
# pairs (Harrell) or by the inverse square of the censoring survival (Uno),
# and its standard error is smaller than any single horizon's, since every
# event contributes.  The numbers equal survival 3.5's to 1e-12
# (tests/test_concordance.py checks every `timewt`, case weights, strata
# and `ymax` live).
#
# ## Two models compared
#
# Is the full Cox model better than one on tumour size and positive nodes
# alone?  `concordance_test` takes several scores of the same rows, gives
# their covariance from the same influence values (survival's
# `concordance(fit1, fit2)`) and tests that the concordances are equal:

# %%
small = CoxPHSurvivalAnalysis().fit(X[~test][["tsize", "pnodes"]], y[~test])
risk_small = small.predict(X[test][["tsize", "pnodes"]])
compared = wr.concordance_test(y_test, guesses=[risk, risk_small])
print(
    f"C full {compared.estimate[0]:.4f}, size and nodes {compared.estimate[1]:.4f} "
    f"(SEs {compared.std_error[0]:.4f}, {compared.std_error[1]:.4f}); "
    f"chi-square {compared.statistic:.4f} on {compared.df} df, p = {compared.p_value:.3f}"
)

# %% [markdown]
# The other covariates add nothing to the ranking on these test subjects:
# the paired difference, 0.0006, is far inside its standard error (the two
# scores' concordances are correlated, so the paired test is much sharper
# than comparing two intervals).  With case weights, survival's
# multi-model covariance multiplies the weights in once more than its own
# single-model variance (`t(wt * dfbeta) %*% dfbeta`); here each diagonal
# entry is the single-model variance.
#
# ## When the time weighting matters

# %%
pd.DataFrame(
    [
        (timewt, c.estimate, c.std_error)
        for timewt in ("n", "S", "S/G", "n/G2", "I")
        for c in [wr.concordance(y_test, guess=risk, timewt=timewt)]
    ],
    columns=["timewt", "estimate", "std_error"],
).round(4)

# %% [markdown]
# Here the weightings agree within 0.004, far less than the standard error:
# the score ranks early and late events about equally well, after an
# uncertain first year.  The weighting matters when the score's
# discrimination changes with time *and* the weights differ: Harrell's C
# gives the late, sparse risk sets few pairs, and Uno's $1/G^2$ gives them
# back their share, so with heavy censoring and a score that works best
# early (or late) the two estimate different quantities; Harrell's then
# depends on the censoring, Uno's does not (up to `tau`, which keeps
# $1/G^2$ from exploding in the tail).  `"S/G"` and `"n/G2"` always
# coincide: the (weighted) number at risk is exactly $N\,S(t-)\,G(t-)$ when,
# as in survival, the censorings at a tied time follow its deaths, so
# their weights are proportional.

# %% tags=["check"]
# R's survival 3.5, concordance(Surv(time, cens) ~ risk, reverse = TRUE, ...)
# on the same test subjects and scores (run live while writing this section).
EXPECTED = {
    **EXPECTED,
    "f'{harrell.estimate:.10f}'": "0.5978450252",
    "f'{harrell.std_error:.10f}'": "0.0275714265",
    "f'{uno.estimate:.10f}'": "0.6064575679",
    "f'{uno.std_error:.10f}'": "0.0265782548",
    "f'{compared.statistic:.10f}'": "0.0006192440",
}
