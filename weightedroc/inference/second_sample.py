"""roc_test's second sample in its 1.x spellings: the unpaired second sample
as one argument, ``guess2=(guess, label, weight)``, and two samples' designs
and replicates as pairs, ``design=(design1, design2)`` and
``replicates=(r1, r2)``.  The keywords of 1.2 (``label2=``, ``weight2=``,
``design2=``, ``replicates2=``) still work through 1.x with a FutureWarning
that shows the new call; help() does not show them."""

from __future__ import annotations

import numpy as np

from ..utils.warn import warn

__all__ = ["second_sample", "is_sample"]


def is_sample(guess2) -> bool:
    """Whether `guess2` is a sample ``(guess, label)`` or ``(guess, label,
    weight)``: a tuple of 2 or 3 whose first item holds several values (a
    tuple of 2 or 3 numbers is scores).

    Examples
    --------
    >>> is_sample(([0.1, 0.7], [0, 1])), is_sample((0.1, 0.7))
    (True, False)
    """
    return type(guess2) is tuple and len(guess2) in (2, 3) and np.ndim(guess2[0]) > 0


def _pair(value, name, function):
    """`value` split into its two samples' (``(a, b)``), else ``(value, None)``."""
    if type(value) is not tuple:
        return value, None
    if len(value) != 2:
        raise ValueError(
            f"{function}({name}=...) takes one {name} or a pair ({name}1, {name}2) of two "
            f"independent samples, got a tuple of {len(value)}"
        )
    return value


def second_sample(function, guess2, design, replicates, old):
    """``(guess2, label2, weight2, design, design2, replicates, replicates2)``
    read from the 1.x forms (`guess2` a sample, `design` and `replicates`
    pairs) or from the deprecated keywords in `old` (a dict of label2,
    weight2, design2, replicates2; None where not given), with a
    FutureWarning for each deprecated form used.

    Examples
    --------
    >>> second_sample("roc_test", ([0.2, 0.9], [0, 1]), None, None, {})[:3]
    ([0.2, 0.9], [0, 1], None)
    """
    label2, weight2 = old.get("label2"), old.get("weight2")
    if is_sample(guess2):
        if label2 is not None or weight2 is not None:
            raise TypeError(
                f"{function}() got guess2=(guess, label, weight) and label2= or weight2=: "
                "give the second sample's labels and weights in guess2 only"
            )
        guess2, label2, weight2 = (*guess2, None)[:3]
    elif label2 is not None or weight2 is not None:
        given = [n for n in ("label2", "weight2") if old.get(n) is not None]
        inside = "guess2, label2, weight2" if weight2 is not None else "guess2, label2"
        if label2 is None:
            inside = "guess2, None, weight2"
        warn(
            f"{function}({', '.join(f'{n}=...' for n in given)}) is deprecated and will be "
            f"removed in 2.0: call {function}(guess1, ({inside}), label, weight, ...)",
            FutureWarning,
        )
    pairs = []
    for name, value in (("design", design), ("replicates", replicates)):
        first, second = _pair(value, name, function)
        later = old.get(f"{name}2")
        if later is not None:
            if second is not None:
                raise TypeError(
                    f"{function}() got {name}=({name}1, {name}2) and {name}2=: "
                    f"give the pair in {name}= only"
                )
            second = later
            warn(
                f"{function}({name}2=...) is deprecated and will be removed in 2.0: "
                f"call {function}(..., {name}=({name}1, {name}2))",
                FutureWarning,
            )
        pairs += [first, second]
    return (guess2, label2, weight2, *pairs)
