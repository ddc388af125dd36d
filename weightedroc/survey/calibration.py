"""Calibration of a design's weights: survey's ``postStratify``.

Post-stratification multiplies each row's sampling weight by its
post-stratum's population count over the stratum's weight total.  The
linearization then varies the calibration residuals, as ``svyrecvar``
does with a design's ``postStrata``: within each post-stratum g, the
influence value x_k becomes x_k - w_k sum_g(x_j w0_j / w_j) / sum_g(w0_j)
(w0 the weights before, w after).
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
    totals = np.bincount(codes, weights=weight, minlength=len(levels))
    counts = np.array([population[level] for level in levels])
    return codes, weight * (counts / totals)[codes]


def residuals(x, calibration):
    """`x` (rows x columns) as ``svyrecvar`` varies it after each post-stratification."""
    for codes, old, new in calibration:
        n_groups = int(codes.max()) + 1
        sums = np.zeros((n_groups, x.shape[1]))
        np.add.at(sums, codes, x * (old / new)[:, None])
        means = sums / np.bincount(codes, weights=old, minlength=n_groups)[:, None]
        x = x - means[codes] * new[:, None]
    return x
