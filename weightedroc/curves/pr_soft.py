"""Soft labels for the precision-recall curve (PRROC's ``weights.class0``).

A row whose label is a probability p of being positive, with weight w, is
two rows with its guess: a positive of weight w p and a negative of weight
w (1 - p).  Rows of weight 0 are left out (they change no count).
"""

from __future__ import annotations

import numpy as np

from ..utils.signatures import in_help
from ..utils.types import ArrayLike, LabelValue


def soft_probabilities(label, positive=None):
    """Soft labels checked: a 1-D float array of probabilities in [0, 1]."""
    if positive is not None:
        raise TypeError(
            "soft=True reads label as the probability of being positive: drop positive="
        )
    p = np.asarray(label)
    if p.ndim != 1:
        raise ValueError(f"soft labels must be 1-D, found shape {p.shape}")
    if p.dtype.kind not in "biuf":
        raise TypeError(
            f"soft=True needs numeric labels (probabilities of being positive), found {p.dtype}"
        )
    p = p.astype(np.float64)
    if not np.all((p >= 0) & (p <= 1)):
        raise ValueError("soft labels must be probabilities in [0, 1]: found values outside")
    return p


@in_help
def soft_label_rows(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    positive: LabelValue = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hard-labelled rows of soft labels (what ``soft=True`` does).

    Parameters
    ----------
    guess : array-like
        The scores.
    label : array-like
        Each row's probability of being positive, in [0, 1] (PRROC's
        ``weights.class0``).
    weight : array-like, optional
        Row weights (default 1).
    positive : None
        Must stay None: the labels are probabilities.

    Returns
    -------
    tuple of numpy arrays
        ``(guess, label, weight)``: each row of weight w and label p becomes
        a positive (label 1) of weight w p and a negative (label 0) of
        weight w (1 - p) with its guess, positives first; rows of weight 0
        are left out.  They go to any function of the package
        (`WeightedROC`, `pr_auc`, ...).

    Examples
    --------
    >>> from weightedroc import soft_label_rows
    >>> g, y, w = soft_label_rows([0.2, 0.9], [0.25, 1.0])
    >>> g.tolist(), y.tolist(), w.tolist()
    ([0.2, 0.9, 0.2], [1, 1, 0], [0.25, 1.0, 0.75])
    """
    p = soft_probabilities(label, positive)
    guess = np.asarray(guess)
    if guess.shape != p.shape:
        raise ValueError(
            f"guess and label must be of one length, found {guess.shape} and {p.shape}"
        )
    w = np.ones(len(p)) if weight is None else np.asarray(weight, dtype=np.float64)
    if w.shape != p.shape:
        raise ValueError(f"weight must have one value per row, found {w.shape} for {p.shape}")
    weights = np.concatenate((w * p, w * (1 - p)))
    keep = weights != 0
    label2 = np.repeat(np.array([1, 0]), len(p))
    return np.concatenate((guess, guess))[keep], label2[keep], weights[keep]
