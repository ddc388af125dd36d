"""Design-based variances: R's ``survey:::svyrecvar`` (multistage) and ``svrVar``."""

import numpy as np

from ..utils.warn import warn
from .calibration import residuals
from .replicates import lonely
from .weights import Coded, ReplicateWeights


def svyrecvar(x, coded: Coded) -> np.ndarray:
    """The variance matrix of the totals of `x` (rows x columns of influence
    values, already weighted), as ``svyrecvar``: totals by PSU, centred
    within strata, scaled by n_h / (n_h - 1) and the fpc; with fpc at every
    stage, each PSU adds its rows' variance at the next stage times
    n_h / N_h (``survey:::multistage``); a post-stratified design's
    residuals first (`weightedroc.survey.calibration`)."""
    x = np.asarray(x, dtype=float)
    x = x.reshape(len(x), -1)
    if coded.calibration:
        x = residuals(x, coded.calibration)
    v = _onestage(x, coded)
    if coded.later:
        scale = coded.n_psu[coded.psu_stratum] / coded.popsize
        for psu, (rows, sub) in enumerate(coded.later):
            v = v + svyrecvar(x[rows], sub) * scale[psu]
    return v


def _onestage(x, coded: Coded) -> np.ndarray:
    """One stage of ``svyrecvar`` (``survey:::onestage``), with survey's
    ``lonely.psu`` rules for a stratum of one PSU: "fail" raises survey's
    error, "certainty" and "remove" add nothing, "adjust" centres its PSU
    at 0 (not its stratum's mean), "average" scales the other strata's sum
    by strata / strata with more than one PSU."""
    n_psus = len(coded.psu_stratum)
    totals = np.zeros((n_psus, x.shape[1]))
    np.add.at(totals, coded.psu, x)
    n_h = coded.n_psu[coded.psu_stratum].astype(float)
    if coded.popsize is None:
        f = np.ones(n_psus)
    else:
        f = np.where(np.isinf(coded.popsize), 1.0, (coded.popsize - n_h) / coded.popsize)
    # survey's onestrat: a stratum whose every PSU has f < 1e-7 adds nothing
    census = np.bincount(coded.psu_stratum, weights=f >= 1e-7, minlength=len(coded.n_psu)) == 0
    alone = np.flatnonzero((coded.n_psu == 1) & ~census)
    if len(alone) and coded.lonely_psu == "fail":
        raise lonely(coded, int(alone[0]))
    means = np.zeros((len(coded.n_psu), x.shape[1]))
    np.add.at(means, coded.psu_stratum, totals)
    means /= np.maximum(coded.n_psu, 1)[:, None]
    if coded.lonely_psu == "adjust":
        means[alone] = 0.0
    centred = totals - means[coded.psu_stratum]
    scale = np.where(n_h > 1, f * n_h / np.maximum(n_h - 1, 1), f)
    scale[census[coded.psu_stratum]] = 0.0
    if coded.lonely_psu == "average" and len(alone):
        scale[np.isin(coded.psu_stratum, alone)] = 0.0
    centred *= np.sqrt(scale)[:, None]
    v = centred.T @ centred
    if coded.lonely_psu == "average" and len(alone):
        v = v * len(coded.n_psu) / (len(coded.n_psu) - len(alone))
    return v


def svr_var(thetas, reps: ReplicateWeights, estimate) -> np.ndarray:
    """The variance of replicate estimates, as ``svrVar``: scale times the
    rscales-weighted sum of squares about the full-sample estimate (mse) or
    the replicates' mean; replicates with NaN are dropped with survey's
    warning."""
    thetas = np.asarray(thetas, dtype=float)
    thetas = thetas.reshape(len(thetas), -1)
    rscales = reps.rscales
    bad = np.isnan(thetas).any(axis=1)
    if bad.any():
        if bad.all():
            raise ValueError("All replicates contained NAs")
        warn(f"{int(bad.sum())} replicates gave NA results and were discarded.")
        thetas, rscales = thetas[~bad], rscales[~bad]
    if reps.mse:
        centre = np.asarray(estimate, dtype=float).reshape(-1)
    else:
        centre = thetas[rscales > 0].mean(axis=0)
    d = (thetas - centre) * np.sqrt(rscales)[:, None]
    return (d.T @ d) * reps.scale
