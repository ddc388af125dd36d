"""Soft labels for the precision-recall curve (PRROC's ``weights.class0``).

A row whose label is a probability p of being positive, with weight w, is
two rows with its guess: a positive of weight w p and a negative of weight
w (1 - p).  Rows of weight 0 are left out (they change no count).
"""

from __future__ import annotations

import numpy as np


def soft_rows(guess, label, weight=None, positive=None):
    """The hard-labelled rows ``(guess, label, weight)`` of soft labels.

    Examples
    --------
    >>> from weightedroc.curves.pr_soft import soft_rows
    >>> g, y, w = soft_rows([0.2, 0.9], [0.25, 1.0])
    >>> g.tolist(), y.tolist(), w.tolist()
    ([0.2, 0.9, 0.2], [1, 1, 0], [0.25, 1.0, 0.75])
    """
    if positive is not None:
        raise TypeError(
            "soft=True reads label as the probability of being positive: drop positive="
        )
    guess = np.asarray(guess)
    p = np.asarray(label)
    if p.ndim != 1 or guess.shape != p.shape:
        raise ValueError(
            f"guess and label must be 1-D and of one length, found {guess.shape} and {p.shape}"
        )
    if p.dtype.kind not in "biuf":
        raise TypeError(
            f"soft=True needs numeric labels (probabilities of being positive), found {p.dtype}"
        )
    p = p.astype(np.float64)
    if not np.all((p >= 0) & (p <= 1)):
        raise ValueError("soft labels must be probabilities in [0, 1]: found values outside")
    w = np.ones(len(p)) if weight is None else np.asarray(weight, dtype=np.float64)
    if w.shape != p.shape:
        raise ValueError(f"weight must have one value per row, found {w.shape} for {p.shape}")
    weights = np.concatenate((w * p, w * (1 - p)))
    keep = weights != 0
    label2 = np.repeat(np.array([1, 0]), len(p))
    return np.concatenate((guess, guess))[keep], label2[keep], weights[keep]
