"""Doubles as C's ``%.17g`` writes them (and so R's ``sprintf("%.17g", x)``),
a million at a time.

Python's ``"%.17g" % x`` costs about 0.4 microseconds a value, most of the
time of writing a curve as CSV.  Here the 17 significant digits come from
a few vectorised float64 operations: ``x * 10**k`` is evaluated exactly
enough (10**k as a double-double, Dekker's exact product) to know the
integer part and whether the fraction is above or below one half, with an
error below 1e-14 against a margin of 1e-12.  Values whose fraction is
within the margin of a half (true ties included), zeros, infinities, NaN
and the far ends of the exponent range are written by Python's own
formatting, so every value is Python's text, byte for byte
(`tests/test_decimal.py` checks it against ``"%.17g" %`` on hard cases).

The text of each value is a row of a uint8 matrix, with NUL bytes where
a layout has no character (the sign of a positive number, dropped zeros),
so that a whole block of CSV lines is one ``tobytes`` of the stacked
columns with the NULs deleted.
"""

import functools
from fractions import Fraction

import numpy as np

__all__ = ["WIDTH", "format_17g", "format_shortest", "texts"]

WIDTH = 24  # "-1.2345678901234567e-100" is 24 characters, the longest
K = 280  # 10**k for |k| <= K: its double-double's low part is a normal double
SPLIT = 2.0**27 + 1  # Dekker's splitter for 53-bit doubles
MARGIN = 1e-12  # a fraction this close to one half is left to Python

ZERO, POINT, EXP, MINUS, PLUS, NUL = 48, 46, 101, 45, 43, 0


@functools.lru_cache(maxsize=1)
def _powers():
    """10**k = hi + lo for k in [-K, K], each correctly rounded."""
    hi, lo = np.empty(2 * K + 1), np.empty(2 * K + 1)
    for i, k in enumerate(range(-K, K + 1)):
        exact = Fraction(10) ** k
        hi[i] = float(exact)
        lo[i] = float(exact - Fraction(hi[i]))
    return hi, lo


def _split(a):
    t = SPLIT * a
    high = t - (t - a)
    return high, a - high


def _scaled(x, k):
    """x * 10**k as s + r (s a double, |r| <= ulp(s) / 2), error < 1e-30 relative."""
    hi, lo = _powers()
    hi, lo = hi[k + K], lo[k + K]
    p = x * hi
    xh, xl = _split(x)
    hh, hl = _split(hi)
    e = ((xh * hh - p) + xh * hl + xl * hh) + xl * hl  # x * hi == p + e exactly
    t = e + x * lo
    s = p + t
    b = s - p
    return s, (p - (s - b)) + (t - b)


def _digits_and_exponent(x):
    """For finite x > 0 in range: d with 10**16 <= d < 10**17, the exponent E
    (x rounds to d * 10**(E - 16) at 17 digits), and which rows are decided."""
    exponent = np.floor(np.log10(x)).astype(np.int64)
    exponent = np.clip(exponent, 16 - K, 16 + K)
    for _ in range(3):  # log10 can be one off near powers of ten
        s, r = _scaled(x, 16 - exponent)
        low = (s < 1e16) | ((s == 1e16) & (r < 0))
        high = (s > 1e17) | ((s == 1e17) & (r >= 0))
        if not (low.any() or high.any()):
            break
        exponent = np.clip(exponent - low + high, 16 - K, 16 + K)
    whole = np.floor(r)
    fraction = r - whole  # exact
    decided = ~(low | high) & (np.abs(fraction - 0.5) > MARGIN)
    d = s.astype(np.int64) + whole.astype(np.int64) + (fraction > 0.5)
    carry = d == 10**17
    return np.where(carry, 10**16, d), exponent + carry, decided


@functools.lru_cache(maxsize=1)
def _four_digits():
    """ "0000" to "9999" as uint32 words whose bytes are the ASCII digits."""
    text = "".join(f"{i:04d}" for i in range(10000)).encode("ascii")
    return np.frombuffer(text, dtype=np.uint32)


# The source row of each value, from which every layout copies its bytes:
# 0 NUL, 3-19 the 17 digits (written as words: 0-3 the first, 4-19 four
# words of four), 20 the point, 21 a zero, 22 'e', 23 the exponent's sign,
# 24-26 its digits, 27 the value's sign.
SOURCE = 28
NOTHING, FIRST, POINT_AT, ZERO_AT, E_AT, E_SIGN, E_DIGITS, SIGN = 0, 3, 20, 21, 22, 23, 24, 27


def _write_digits(d, source):
    """The 17 decimal digits of each d as ASCII bytes in source[:, 3:20]."""
    words = source.view(np.uint32)  # (n, 7)
    table = _four_digits()
    high = (d // 10**8).astype(np.uint32)  # 9 digits
    low = (d % 10**8).astype(np.uint32)  # 8 digits
    words[:, 4], words[:, 3] = table[low % 10000], table[low // 10000]
    words[:, 2], words[:, 1] = table[high % 10000], table[high // 10000 % 10000]
    source[:, FIRST] = high // 10**8 + ZERO


def _layouts():
    """Source column of each output byte, for each layout.

    Layouts 0-16: fixed notation with exponent E = 0..16; 17-20: fixed
    with E = -1..-4; 21: exponential notation.
    """
    digit = np.arange(FIRST, FIRST + 17)
    table = np.full((22, WIDTH), NOTHING, dtype=np.intp)
    table[:, 0] = SIGN
    for e in range(17):
        row = table[e]
        row[1 : e + 2] = digit[: e + 1]
        row[e + 2] = POINT_AT
        row[e + 3 : 19] = digit[e + 1 :]
    for i, e in enumerate(range(-1, -5, -1)):
        row = table[17 + i]
        row[1], row[2] = ZERO_AT, POINT_AT
        row[3 : 2 - e] = ZERO_AT
        row[2 - e : 19 - e] = digit
    row = table[21]
    row[1], row[2], row[3:19] = digit[0], POINT_AT, digit[1:]
    row[19:24] = range(E_AT, E_DIGITS + 3)
    return table


def _runs(layout):
    """A layout as (output start, source start, length) runs of consecutive columns."""
    runs = []
    for column, source in enumerate(layout):
        if runs and runs[-1][1] + runs[-1][2] == source:
            runs[-1][2] += 1
        else:
            runs.append([column, source, 1])
    return [tuple(run) for run in runs]


LAYOUTS = [_runs(layout) for layout in _layouts()]


def _python_text(values):
    text = ("%.17g\x00" * len(values)) % tuple(values.tolist())
    return text.replace("inf", "Inf").replace("nan", "NA").split("\x00")[:-1]


def format_17g(values):
    """The ``%.17g`` text of each double (``Inf``, ``-Inf``, ``NA`` as R
    writes them), as rows of a (n, WIDTH) uint8 matrix: the text's bytes in
    order, with NUL bytes where no character is.

    Examples
    --------
    >>> import numpy as np
    >>> texts(np.array([0.1, -2.5, 1e22, 1e-5, 0.0, -0.0, np.inf, np.nan]))
    ['0.10000000000000001', '-2.5', '1e+22', '1.0000000000000001e-05', '0', '-0', 'Inf', 'NA']
    """
    values = np.ascontiguousarray(values, dtype=np.float64)
    x = np.abs(values)
    with np.errstate(invalid="ignore"):
        fast = (x >= 1e-250) & (x <= 1e290)  # NaN is neither
    if fast.all():
        d, exponent, decided = _digits_and_exponent(x)
        out = _assemble(d, exponent, np.signbit(values))
        fast = decided
    else:
        out = np.zeros((len(values), WIDTH), dtype=np.uint8)
        if fast.any():
            chosen = np.flatnonzero(fast)
            d, exponent, decided = _digits_and_exponent(x[chosen])
            out[chosen] = _assemble(d, exponent, np.signbit(values[chosen]))
            fast[chosen] = decided
    slow = np.flatnonzero(~fast)
    if len(slow):
        encoded = [text.encode("ascii") for text in _python_text(values[slow])]
        out[slow] = np.array(encoded, dtype=f"S{WIDTH}").view(np.uint8).reshape(-1, WIDTH)
    return out


def _significant_digits(source):
    """How many of the 17 digits in `source` are left without trailing zeros."""
    kept = np.full(len(source), 17)
    ends = np.flatnonzero(source[:, FIRST + 16] == ZERO)
    if len(ends):
        digits = source[ends, FIRST : FIRST + 17]
        kept[ends] = 17 - (digits[:, ::-1] != ZERO).argmax(axis=1)
    return kept


def _assemble(d, exponent, negative):
    n = len(d)
    source = np.empty((n, SOURCE), dtype=np.uint8)
    _write_digits(d, source)
    fixed = (exponent >= -4) & (exponent <= 16)
    whole = np.where(fixed, np.maximum(exponent + 1, 0), 1)  # digits before the point
    kept = np.maximum(_significant_digits(source), whole)
    cut = np.flatnonzero(kept < 17)  # %g drops trailing zeros: few rows, usually
    if len(cut):
        source[cut, FIRST : FIRST + 17] *= np.arange(17) < kept[cut, None]
    source[:, NOTHING] = NUL
    source[:, POINT_AT] = np.where(kept > whole, POINT, NUL)
    source[:, ZERO_AT], source[:, E_AT] = ZERO, EXP
    source[:, E_SIGN] = np.where(exponent < 0, MINUS, PLUS)
    size = np.abs(exponent)
    source[:, E_DIGITS] = np.where(size >= 100, size // 100 + ZERO, NUL)
    source[:, E_DIGITS + 1] = size // 10 % 10 + ZERO
    source[:, E_DIGITS + 2] = size % 10 + ZERO
    source[:, SIGN] = np.where(negative, MINUS, NUL)
    layout = np.where(fixed, np.where(exponent >= 0, exponent, 16 - exponent), 21)
    kinds = np.flatnonzero(np.bincount(layout, minlength=len(LAYOUTS)))  # usually 1 or 2
    if len(kinds) == 1:
        return _laid_out(source, kinds[0])
    out = np.empty((n, WIDTH), dtype=np.uint8)
    for kind in kinds:
        rows = np.flatnonzero(layout == kind)
        out[rows] = _laid_out(source[rows], kind)
    return out


def _laid_out(source, kind):
    """The output bytes of `source` rows that all have layout `kind`."""
    out = np.empty((len(source), WIDTH), dtype=np.uint8)
    for at, start, length in LAYOUTS[kind]:
        out[:, at : at + length] = source[:, start : start + length]
    return out


def format_shortest(values):
    """The shortest text that reads back as the same double (Python's
    ``repr``, without the ``.0`` of a whole number; ``Inf``, ``-Inf``, ``NA``
    as R writes them), as rows of a (n, WIDTH) uint8 matrix as `format_17g`.

    Examples
    --------
    >>> import numpy as np
    >>> texts(np.array([0.1, 88.271, -2.0, 1e22, 1e-5, -0.0, np.inf, np.nan]), shortest=True)
    ['0.1', '88.271', '-2', '1e+22', '1e-05', '-0', 'Inf', 'NA']
    """
    shown = {"inf": "Inf", "-inf": "-Inf", "nan": "NA"}
    text = []
    for value in np.ascontiguousarray(values, dtype=np.float64).tolist():
        written = repr(value)
        text.append(shown.get(written, written[:-2] if written.endswith(".0") else written))
    return np.array(text, dtype=f"S{WIDTH}").view(np.uint8).reshape(len(text), WIDTH)


def texts(values, shortest=False):
    """`format_17g` (or `format_shortest`) as a list of str (for tests and small inputs)."""
    rows = (format_shortest if shortest else format_17g)(values)
    return [row.tobytes().rstrip(b"\x00").replace(b"\x00", b"").decode() for row in rows]
