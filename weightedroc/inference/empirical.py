"""The raw curve of a mixed pair: pROC's ``roc.test(roc1, smooth(roc2))``
and ``cov(roc1, smooth(roc2))``.

`Empirical` has the interface of a `weightedroc.curves.smooth.Smoothing`
that the smoothed bootstrap needs (`label`, `weights_are`, and a reading of
the rows a replicate draws), so `weightedroc.inference.smoothed` bootstraps
a raw curve beside a smoothed one on the same rows.  Its readings are the
raw bootstrap's own (`weightedroc.inference.bootstrap.replicate_areas`,
`area_of`, `weightedroc.inference.replicates.se_at_sp`, `sp_at_se`): a
replicate's empirical curve read from the weight each drawn row puts in its
group of tied guesses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..engine.validation import check_frequency, prepared
from .bootstrap import area_of, replicate_areas
from .replicates import Sample, curve_rows, sample_of, se_at_sp, se_sp_rows, sp_at_se

AT = {"specificity": se_at_sp, "sensitivity": sp_at_se}


@dataclass(frozen=True)
class Empirical:
    """A raw curve's data, read as the raw bootstrap reads a replicate.

    Frequency weights are the rows repeated (as `Smoothing`'s replicates),
    so `label` and `weight` are per (repeated) row.
    """

    sample: Sample = field(repr=False)
    label: np.ndarray = field(repr=False)  # boolean, per row
    weight: np.ndarray = field(repr=False)  # the pools' (scaled) weight of each row
    weights_are: str = "importance"

    def group_weights(self, rows):
        """(P, N): the positive and negative weight of the rows `rows` in
        each group, one replicate (a row of each)."""
        group, label, weight = self.sample.group[rows], self.label[rows], self.weight[rows]
        n = self.sample.n_groups
        P = np.bincount(group[label], weights=weight[label], minlength=n)[None]
        N = np.bincount(group[~label], weights=weight[~label], minlength=n)[None]
        return P, N

    def read(self, rows, reading):
        """The (partial) area (`reading`: a partial-area dict or None) or a
        rate at a fixed point (`reading.at`: ("specificity", value) reads
        the sensitivity there, ("sensitivity", value) the specificity) of
        the rows' empirical curve (`rows` None: the data's own)."""
        at = getattr(reading, "at", None)
        if rows is None:
            if at is None:
                return float(area_of(self.sample, reading))
            return float(AT[at[0]](*curve_rows(self.sample), at[1])[0])
        P, N = self.group_weights(rows)
        if at is None:
            return float(replicate_areas(self.sample, P, N, reading)[0])
        return float(AT[at[0]](*se_sp_rows(P, N), at[1])[0])


def empirical(guess, label, weight, weights_are, positive, direction):
    """The `Empirical` of raw data, validated as the raw bootstrap's."""
    guess, label, weight = prepared(guess, label, weight, positive, direction, weights_are)
    frequency = check_frequency(weight, weights_are)
    if frequency is not None:
        guess, label, weight = np.repeat(guess, frequency), np.repeat(label, frequency), None
    sample = sample_of(guess, label, weight, "importance", True)
    per_row = np.empty(len(label))
    for rows, (_, pooled) in zip((np.flatnonzero(label), np.flatnonzero(~label)), sample.pools):
        per_row[rows] = pooled
    return Empirical(sample, label, per_row)
