"""The vectorised ``%.17g`` writer is Python's ``"%.17g" %``, byte for byte.

`weightedroc.io.decimal.format_17g` decides each value's 17 digits with
float64 arithmetic and leaves to Python only the values it cannot decide;
these tests compare it with the plain formatting on the cases where a
shortcut would go wrong: fractions at or next to one half (true ties), the
digit carry at 99999999999999999, powers of ten and their neighbours, the
edges of the fast range, subnormals, signed zeros, infinities and NaN.
"""

from decimal import Decimal
from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from weightedroc.io.decimal import K, format_17g, texts


def plain(values):
    """The reference: Python's %.17g per value, R's Inf/-Inf/NA."""
    out = []
    for value in np.asarray(values, dtype=np.float64).tolist():
        if value != value:
            out.append("NA")
        elif value in (float("inf"), float("-inf")):
            out.append("Inf" if value > 0 else "-Inf")
        else:
            out.append(format(value, ".17g"))  # as "%.17g" % value
    return out


def assert_same(values):
    values = np.asarray(values, dtype=np.float64)
    got, want = texts(values), plain(values)
    wrong = [(v, g, w) for v, g, w in zip(values.tolist(), got, want) if g != w]
    assert not wrong, wrong[:5]


def neighbours(values, steps=3):
    bits = np.asarray(values, dtype=np.float64).view(np.int64)
    return (bits[:, None] + np.arange(-steps, steps + 1)).ravel().view(np.float64)


def test_powers_of_ten_and_their_neighbours():
    powers = [float(Fraction(10) ** k) for k in range(-323, 309)]
    values = neighbours(np.array(powers[1:]))
    assert_same(np.concatenate([values, -values]))


def test_ties_at_the_17th_digit_round_to_even_as_python():
    # M + 1/4 and M + 3/4 for 16-digit M below 2**51 (where doubles are
    # quarters) have 18 significant digits ending in 5: exact ties at 17
    # digits, which only Python may decide
    rng = np.random.default_rng(0)
    m = rng.integers(10**15, 2**51, 5000)
    values = np.concatenate([m + 0.25, m + 0.75, -(m + 0.75)])
    assert all(Decimal(v).as_tuple().digits[-1] == 5 for v in values[:100])
    assert all(len(Decimal(v).as_tuple().digits) == 18 for v in values[:100])
    assert_same(neighbours(values, 2))


def test_the_carry_from_seventeen_nines():
    nines = [float(f"9.999999999999999{d}e{e}") for d in range(10) for e in range(-30, 30)]
    assert_same(neighbours(np.array(nines), 8))


def test_the_edges_of_the_fast_range_and_beyond():
    edges = [1e-250, 1e290, 1e-260, 1e300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308]
    values = neighbours(np.array(edges), 4)
    values = values[np.isfinite(values)]
    assert_same(np.concatenate([values, -values]))


def test_zeros_infinities_and_nan():
    assert texts(np.array([0.0, -0.0, np.inf, -np.inf, np.nan])) == ["0", "-0", "Inf", "-Inf", "NA"]


def test_every_layout_fixed_and_exponential():
    # %g: fixed notation for exponents -4..16, exponential otherwise
    values = [1.25 * 10.0**e for e in range(-8, 22)] + [10.0**e for e in range(-8, 22)]
    assert_same(np.array(values + [-v for v in values]))


def test_the_double_double_powers_cover_the_fast_range():
    # a value whose exponent needs 10**k at the end of the table
    assert_same(np.array([10.0 ** (16 - K) * 3.3, 10.0 ** (K - 16) / 7]))


@settings(max_examples=300, deadline=None)
@given(hnp.arrays(np.float64, st.integers(1, 200), elements=st.floats(width=64)))
def test_any_doubles(values):
    assert_same(values)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=200))
def test_any_bit_patterns(bits):
    assert_same(np.array(bits, dtype=np.uint64).view(np.float64))


def test_a_million_uniform_doubles():
    rng = np.random.default_rng(1)
    values = np.concatenate([rng.random(300_000), rng.standard_normal(300_000) * 1e6])
    assert_same(values)


def test_rows_are_the_text_with_nul_bytes_where_no_character_is():
    rows = format_17g(np.array([0.5, -12.25, 2.0**1000]))
    assert rows.shape == (3, 24) and rows.dtype == np.uint8
    assert [row.tobytes().replace(b"\x00", b"") for row in rows] == [
        b"0.5",
        b"-12.25",
        b"1.0715086071862673e+301",
    ]
