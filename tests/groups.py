"""Row orders and weights for the hypothesis strategies of grouped frames."""

import numpy as np
from hypothesis import strategies as st


def rows_and_weights(draw, rng, n):
    """Draw an order of `n` rows (shuffled, as grouped, or reversed) and
    their weights (none: all 1; spread: over six decades; counts: 1 to 4);
    (rows, the weights' kind, weight)."""
    order = draw(st.sampled_from(["shuffled", "grouped", "reversed"]))
    rows = {
        "shuffled": rng.permutation(n),
        "grouped": np.arange(n),
        "reversed": np.arange(n)[::-1],
    }[order]
    weights = draw(st.sampled_from(["none", "spread", "counts"]))
    weight = {
        "none": np.ones(n),
        "spread": rng.exponential(size=n) * 10.0 ** rng.uniform(-3, 3, n),
        "counts": rng.integers(1, 5, n).astype(float),
    }[weights]
    return rows, weights, weight
