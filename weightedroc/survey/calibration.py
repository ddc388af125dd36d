"""Calibration of a design's weights: survey's ``postStratify`` and
``calibrate`` (linear, GREG; raking, converged).

Post-stratification multiplies each row's sampling weight by its
post-stratum's population count over the stratum's weight total.  The
linearization then varies the calibration residuals, as ``svyrecvar``
does with a design's ``postStrata``: within each post-stratum g, the
influence value x_k becomes x_k - w_k sum_g(x_j w0_j / w_j) / sum_g(w0_j)
(w0 the weights before, w after).  Calibration to totals T of
auxiliaries X (``calibrate``) gives weights w0 g and replaces x by the
residual of x / (g sqrt(w0)) on X sqrt(w0), times g sqrt(w0) (survey's
``greg_calibration``, stage 0).
"""

import numpy as np
import pandas as pd


def post_strata(strata, population, weight):
    """(codes, new weights) of post-stratifying `weight` on `strata` to the
    counts `population` (a mapping or Series from level to count)."""
    if not hasattr(population, "items"):
        raise TypeError(
            "population must map each post-stratum to its population count (a dict or "
            f"pandas Series), got {type(population).__name__}"
        )
    population = {level: float(count) for level, count in population.items()}
    codes, levels = pd.factorize(pd.Series(strata), sort=False)
    if (codes < 0).any():
        raise ValueError("missing values in the post-strata")
    absent = [level for level in levels if level not in population]
    if absent:
        raise ValueError(f"Strata in sample absent from population: {', '.join(map(repr, absent))}")
    empty = [level for level in population if level not in set(levels)]
    if empty:
        raise ValueError(
            f"Some strata absent from sample: {', '.join(map(repr, empty))} (survey's "
            "partial=TRUE drops them; here give a population without them)"
        )
    counts = np.array([population[level] for level in levels])
    return codes, rescaled(codes, counts, weight)


def rescaled(codes, counts, weight):
    """`weight` scaled so that each group's total is its count."""
    return weight * (counts / np.bincount(codes, weights=weight, minlength=len(counts)))[codes]


def raked(margins, weight, maxit, epsilon):
    """survey's ``rake``: post-stratify on each margin in turn (`margins`:
    (codes, counts) pairs), pass after pass, until the weight totals of the
    margins' joint cells change by less than `epsilon` (weight units; a
    fraction of the total below 1), at most `maxit` passes.  Returns the
    weights, the passes made, whether it converged, and the residuals'
    data: each margin's codes and its weights after the last pass."""
    epsilon = epsilon * weight.sum() if epsilon < 1 else epsilon
    cells = margins[0][0]
    for codes, _ in margins[1:]:
        cells = pd.factorize(cells * (int(codes.max()) + 1) + codes)[0]
    table = np.bincount(cells, weights=weight)
    passes, converged = 0, False
    while passes < maxit:
        after = []
        for codes, counts in margins:
            weight = rescaled(codes, counts, weight)
            after.append((codes, weight))
        passes += 1
        new_table = np.bincount(cells, weights=weight)
        if np.max(np.abs(table - new_table)) < epsilon:
            converged = True
            break
        table = new_table
    return weight, passes, converged, after


def rake_residuals(x, after):
    """``svyrecvar``'s residuals of a raking: ten sweeps over the margins,
    each removing from x the weights times the cell means of x / weights."""
    for _ in range(10):
        for codes, psw in after:
            n_cells = int(codes.max()) + 1
            sums = np.zeros((n_cells, x.shape[1]))
            np.add.at(sums, codes, x / psw[:, None])
            means = sums / np.bincount(codes, minlength=n_cells)[:, None]
            x = x - psw[:, None] * means[codes]
    return x


def recalibrated(calibration, matrix):
    """Each column of replicate weights (rows x replicates) calibrated as
    the full sample was (survey's calibrate and postStratify of a replicate
    design)."""
    matrix = np.array(matrix, dtype=float)
    for step in calibration:
        for r in range(matrix.shape[1]):
            matrix[:, r] = step["redo"](matrix[:, r])
    return matrix


def calibrated(X, population, weight, calfun):
    """(g-weighted new weights, the residual's basis and scale) of
    calibrating `weight` to the totals `population` of the columns of `X`:
    linear (survey's ``regcalibrate``: g = 1 + X (X'WX)^-1 (T - X'w)) or
    raking (g = exp(X beta), Newton's method run to convergence, 1e-13
    relative, where survey's ``grake`` stops at 1e-7)."""
    population = np.asarray(population, dtype=float)
    if population.shape != (X.shape[1],):
        raise ValueError(
            f"population must give one total per calibration variable ({X.shape[1]}), "
            f"got shape {population.shape}"
        )
    if calfun == "linear":
        g = 1 + X @ np.linalg.solve((X * weight[:, None]).T @ X, population - weight @ X)
    elif calfun == "raking":
        beta = np.zeros(X.shape[1])
        for _ in range(100):
            g = np.exp(X @ beta)
            gap = population - (weight * g) @ X
            if np.max(np.abs(gap) / np.abs(population)) < 1e-13:
                break
            beta = beta + np.linalg.solve((X * (weight * g)[:, None]).T @ X, gap)
        else:
            raise ValueError("Calibration failed: raking did not converge in 100 steps")
    else:
        raise ValueError(f"calfun must be one of 'linear', 'raking'; got {calfun!r}")
    half = np.sqrt(weight)
    step = dict(
        kind="greg",
        basis=X * half[:, None],
        scale=g * half,
        old=weight,
        redo=lambda w: calibrated(X, population, w, calfun)[0],
    )
    return weight * g, step


def residuals(x, calibration):
    """`x` (rows x columns) as ``svyrecvar`` varies it after each calibration."""
    for step in calibration:
        if step["kind"] == "rake":
            x = rake_residuals(x, step["after"])
            continue
        if step["kind"] == "greg":
            basis, scale = step["basis"], step["scale"]
            y = x / scale[:, None]
            y = y - basis @ np.linalg.lstsq(basis, y, rcond=None)[0]
            x = y * scale[:, None]
            continue
        codes, old, new = step["codes"], step["old"], step["new"]
        n_groups = int(codes.max()) + 1
        sums = np.zeros((n_groups, x.shape[1]))
        np.add.at(sums, codes, x * (old / new)[:, None])
        means = sums / np.bincount(codes, weights=old, minlength=n_groups)[:, None]
        x = x - means[codes] * new[:, None]
    return x
