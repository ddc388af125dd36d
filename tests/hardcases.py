"""Adversarial but valid inputs, from recipes.

A recipe is a plain dict (segments of guesses, where edge chains go, how
the rows are arranged, which weights, which labels, a seed), so that one
builder serves two drivers: hypothesis strategies in the tests (which
shrink a failure to a small recipe) and a seeded generator in
benchmarks/fuzz.py (which runs large ones until time is up).

The segments aim at the sort's weak spots: doubles that differ only in
their last bits (chains of `nextafter` steps) near the extremes of the
double range, near 0, 1 and 2**53, and at the ends and middle of the
data, where a bucket repair reads its neighbours; infinities beside
near-max values; signed zeros; long ties beside near-ties; float32 grids;
integer-valued doubles beyond 2**53; saturated sigmoids.
"""

import numpy as np

MAX = np.finfo(np.float64).max
TINY = np.finfo(np.float64).tiny
SUBNORMAL = np.nextafter(0.0, 1.0)
ANCHORS = [
    MAX,
    -MAX,
    TINY,
    -TINY,
    SUBNORMAL,
    -SUBNORMAL,
    1.0,
    -1.0,
    0.0,
    -0.0,
    2.0**53,
    -(2.0**53),
    1 - 2.0**-53,
    0.5,
]
KINDS = [
    "chain",
    "uniform",
    "normal",
    "ties",
    "near_ties",
    "infinities",
    "float32",
    "big_integers",
    "sigmoid",
    "signed_zeros",
]
EDGES = ["above_max", "below_min", "at_median"]
ARRANGEMENTS = ["as_built", "shuffled", "reversed", "ascending", "descending"]
WEIGHTS = ["none", "ones", "integers", "uniform", "log_wide"]
# Sizes at each internal threshold of the code, and one either side:
# SMALL (packed-key sort), the key's index bits, CHUNK = threads.LARGE, two chunks.
THRESHOLD_SIZES = [n + d for n in (256, 512, 1024, 1 << 16, 1 << 17) for d in (-1, 0, 1)]


def _ordered(values):
    """Doubles as integers in the same order, one apart for adjacent doubles."""
    bits = np.asarray(values, dtype=np.float64).view(np.int64)
    return np.where(bits < 0, -(bits & np.int64(0x7FFFFFFFFFFFFFFF)), bits)


def _from_ordered(integers):
    return np.where(integers < 0, (-integers) | np.int64(-1 << 63), integers).view(np.float64)


def chain(start, length, step=1, up=True):
    """`length` doubles from `start`, each `step` ulps beyond the last
    (toward +inf when `up`), stopping at the end of the finite range."""
    last = int(_ordered(MAX))
    steps = np.arange(length, dtype=np.int64) * (step if up else -step)
    return _from_ordered(np.clip(_ordered(start) + steps, -last, last))


def segment(kind, size, rng, anchor=0, scale=0):
    """`size` guesses of one kind; `anchor` picks an ANCHORS start, `scale`
    a power of ten (-300 to 300) for the spread kinds."""
    spread = 10.0**scale
    if kind == "chain":
        return chain(ANCHORS[anchor % len(ANCHORS)], size, 1 + anchor % 3, anchor % 2 == 0)
    if kind == "uniform":
        return rng.random(size) * spread
    if kind == "normal":
        return rng.normal(size=size) * spread
    if kind == "ties":
        return rng.choice(rng.normal(size=1 + anchor % 7), size) * spread
    if kind == "near_ties":
        base = np.repeat(rng.normal(size=max(1, size // 8)), 8)[:size]
        base = np.pad(base, (0, size - len(base)), mode="edge") if len(base) else base
        return base + rng.integers(-2, 3, size) * np.spacing(base)
    if kind == "infinities":
        near = chain(MAX, 4, 1, False)
        return rng.choice(np.r_[np.inf, -np.inf, near, -near], size)
    if kind == "float32":
        return (
            (rng.random(size) * np.float32(spread if abs(scale) < 30 else 1))
            .astype(np.float32)
            .astype(np.float64)
        )
    if kind == "big_integers":
        return 2.0**53 + rng.integers(0, 1 << 12, size) * 2.0 * (1 + anchor % 4)
    if kind == "sigmoid":
        return 1 / (1 + np.exp(-rng.normal(size=size) * (10 + 30 * (anchor % 4))))
    if kind == "signed_zeros":
        return rng.choice(np.array([0.0, -0.0, SUBNORMAL, -SUBNORMAL, 1.0, -1.0]), size)
    raise ValueError(kind)


def _edge_chain(guess, where, size, step, descending):
    """A chain of adjacent doubles just beyond the data's maximum or minimum,
    or from its (lower) median, listed in ascending or descending input order.
    The median is a value of the data: the mean of the two middle values of
    huge doubles would overflow."""
    finite = guess[np.isfinite(guess)]
    if not len(finite):
        finite = np.array([0.0])
    if where == "above_max":
        values = chain(finite.max(), size + 1, step, True)[1:]
    elif where == "below_min":
        values = chain(finite.min(), size + 1, step, False)[:0:-1]
    else:
        values = chain(np.sort(finite)[(len(finite) - 1) // 2], size, step, True)
    values = values[np.isfinite(values)]
    return values[::-1] if descending else values


def build(recipe):
    """(guess, positive mask, weight or None) from a recipe."""
    rng = np.random.default_rng(recipe["seed"])
    parts = [
        segment(kind, size, rng, anchor, scale) for kind, size, anchor, scale in recipe["segments"]
    ]
    guess = np.concatenate(parts) if parts else np.empty(0)
    for where, size, step, descending, first in recipe.get("edges", []):
        edge = _edge_chain(guess, where, size, step, descending)
        guess = np.concatenate([edge, guess] if first else [guess, edge])
    guess = _arrange(guess, recipe["arrangement"], rng)
    size = recipe.get("size")
    if size is not None:  # repeat or cut to an exact size
        guess = np.resize(guess, size) if len(guess) else np.zeros(size)
    if len(guess) < 2:  # a curve needs a positive and a negative
        guess = np.resize(np.r_[guess, 0.0], 2)
    n = len(guess)
    positive = rng.random(n) < recipe.get("prevalence", 0.5)
    if positive.all() or not positive.any():
        positive[int(rng.integers(n))] = not positive[0]
    return guess, positive, _weights(recipe["weights"], n, rng)


def _arrange(guess, arrangement, rng):
    if arrangement == "shuffled":
        return rng.permutation(guess)
    if arrangement == "reversed":
        return guess[::-1].copy()
    if arrangement == "ascending":
        return np.sort(guess, kind="stable")
    if arrangement == "descending":
        return np.sort(guess, kind="stable")[::-1].copy()
    return guess


def _weights(kind, n, rng):
    if kind == "none":
        return None
    if kind == "ones":
        return np.ones(n)
    if kind == "integers":
        return rng.integers(1, 10, n).astype(np.float64)
    if kind == "uniform":
        return rng.uniform(1e-3, 1e3, n)
    return 2.0 ** rng.uniform(-60, 60, n)  # log_wide


def random_recipe(rng, max_n=200_000):
    """A recipe drawn with numpy (for the fuzz command): sizes up to `max_n`,
    a third of them at the code's internal thresholds."""
    n_segments = int(rng.integers(1, 5))
    total = (
        int(rng.choice([s for s in THRESHOLD_SIZES if s <= max_n]))
        if rng.random() < 1 / 3
        else int(rng.integers(2, max_n))
    )
    cuts = np.sort(rng.integers(0, total, n_segments - 1))
    sizes = np.diff(np.r_[0, cuts, total])
    segments = [
        (
            str(rng.choice(KINDS)),
            int(size),
            int(rng.integers(0, 50)),
            int(rng.choice([0, 0, 0, -300, -150, -20, 20, 150, 300])),
        )
        for size in sizes
    ]
    edges = [
        (
            str(rng.choice(EDGES)),
            int(rng.integers(2, 40)),
            int(rng.integers(1, 3)),
            bool(rng.random() < 0.7),
            bool(rng.random() < 0.5),
        )
        for _ in range(int(rng.integers(0, 3)))
    ]
    return {
        "segments": segments,
        "edges": edges,
        "size": total,
        "arrangement": str(rng.choice(ARRANGEMENTS)),
        "weights": str(rng.choice(WEIGHTS)),
        "prevalence": float(rng.choice([0.5, 0.5, 0.1, 0.9, 0.01])),
        "seed": int(rng.integers(0, 2**32)),
    }


def recipes(max_segment=600, sizes=None):
    """A hypothesis strategy of recipes; `sizes` (a list) fixes the total size."""
    from hypothesis import strategies as st

    segments = st.lists(
        st.tuples(
            st.sampled_from(KINDS),
            st.integers(1, max_segment),
            st.integers(0, 49),
            st.sampled_from([0, -300, -20, 20, 300]),
        ),
        min_size=1,
        max_size=4,
    )
    edges = st.lists(
        st.tuples(
            st.sampled_from(EDGES),
            st.integers(2, 40),
            st.integers(1, 2),
            st.booleans(),
            st.booleans(),
        ),
        max_size=2,
    )
    return st.fixed_dictionaries(
        {
            "segments": segments,
            "edges": edges,
            "size": st.none() if sizes is None else st.sampled_from(sizes),
            "arrangement": st.sampled_from(ARRANGEMENTS),
            "weights": st.sampled_from(WEIGHTS),
            "prevalence": st.sampled_from([0.5, 0.1, 0.9]),
            "seed": st.integers(0, 2**32 - 1),
        }
    )
