"""coords of a built curve in a range (issue 38 item 7's fast path) against
the plain code it replaced (tests/coords_plain.py), bit for bit, on the
adversarial curves of tests/hardcases.py: ties, weights over 2**120, both
directions, range ends on the curve's points and between them; and the
one-pass check of a frame against the column-by-column checks on frames
spoiled in every way the checks look for."""

import warnings

import numpy as np
import pytest
from coords_plain import plain_coords, plain_coords_at, plain_monotone, same_frame
from hardcases import build, recipes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import weightedroc as wr
from weightedroc.engine.validation import ROC_SIGNS, _monotone, check_roc_frame, float_block
from weightedroc.metrics.threshold_measures import PROC_ALL, check_names, parameters

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


@st.composite
def curves(draw):
    guess, positive, weight = build(draw(recipes(max_segment=300)))
    direction = draw(st.sampled_from(["<", ">"]))
    return wr.WeightedROC(guess, np.where(positive, 1, 0), weight, direction=direction)


@st.composite
def ranges(draw, roc):
    """(name, (lo, hi)): ends drawn at random, on the curve's points (exact
    matches, no interpolation), or at 0 and 1."""
    name = draw(st.sampled_from(["fpr_range", "tpr_range"]))
    points = np.unique(roc["FPR" if name == "fpr_range" else "TPR"].to_numpy())
    ends = st.one_of(
        st.floats(0, 1),
        st.sampled_from(sorted({0.0, 1.0, *points.tolist()})),
    )
    lo, hi = sorted((draw(ends), draw(ends)))
    if lo == hi:
        lo, hi = (lo, 1.0) if lo < 1 else (0.0, hi)
    return name, (lo, hi)


def both(roc, x, limits, **options):
    """(ours, plain): our table (None where it warned of an empty range),
    and the plain code's on the same arguments."""
    ret = options.pop("ret", "all")
    names = check_names(PROC_ALL if ret == "all" else list(ret), proc_first=True)
    params = parameters(best_weights=options.get("best_weights", (1, 0.5)))
    method, ties = options.get("best_method", "youden"), options.get("ties", "all")
    expected = plain_coords(roc, x, limits, names, params, method, ties)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = wr.coords(roc, x, ret=ret, **{limits[0]: limits[1]}, **options)
    if expected is None:
        assert got.empty and any("No coordinates found" in str(w.message) for w in caught)
        return None, None
    assert not caught, [str(w.message) for w in caught]
    return got, expected


@SETTINGS
@given(st.data())
def test_coords_in_a_range_have_the_plain_codes_bits(data):
    roc = data.draw(curves())
    limits = data.draw(ranges(roc))
    x = data.draw(st.sampled_from(["all", "best", "local maximas"]))
    options = data.draw(
        st.fixed_dictionaries(
            {},
            optional={
                "ties": st.sampled_from(["all", "first"]),
                "best_method": st.sampled_from(["youden", "closest.topleft"]),
                "best_weights": st.sampled_from([(1, 0.5), (2.5, 0.1), (0.3, 0.9)]),
                "ret": st.sampled_from([("threshold", "specificity", "sensitivity"), ("tp",)]),
            },
        )
    )
    got, expected = both(roc, x, limits, **options)
    if expected is not None:
        same_frame(got, expected)


@SETTINGS
@given(
    st.data(), st.sampled_from(["sensitivity", "specificity", "fpr", "1-sensitivity", "tp", "fn"])
)
def test_coords_at_values_of_a_rate_have_the_plain_codes_bits(data, input):
    """Numeric x of a monotone input (the interpolation the range's ends
    share): on the curve's points and between them."""
    roc = data.draw(curves())
    names = check_names(list(PROC_ALL), proc_first=True)
    rates = wr.coords(roc, "all", ret=input)[input].to_numpy()  # (tp, fn: weights)
    on_curve = st.sampled_from(sorted(set(rates.tolist())))
    between = st.floats(float(rates.min()), float(rates.max()))
    x = data.draw(st.lists(st.one_of(on_curve, between), min_size=1, max_size=4))
    got = wr.coords(roc, x, input=input, ret="all")
    same_frame(got, plain_coords_at(roc, x, input, names, parameters()))


@pytest.mark.parametrize("x", ["all", "best", "local maximas"])
@pytest.mark.parametrize(
    "limits",
    [
        ("fpr_range", (0.01, 0.1)),  # ends between points: both interpolated
        ("fpr_range", (0.0, 0.25)),  # ends on points
        ("tpr_range", (0.5, 0.75)),
        ("tpr_range", (0.3, 0.31)),  # no point inside: two interpolated rows
        ("fpr_range", (0.0, 1.0)),
    ],
)
def test_coords_in_a_range_of_a_small_curve_have_the_plain_codes_bits(x, limits):
    roc = wr.WeightedROC(
        [1, 2, 2, 3, 4, 5, 6, 7], [0, 1, 0, 0, 1, 1, 0, 1], [1, 2, 1, 1, 3, 1, 2, 1]
    )
    got, expected = both(roc, x, limits)
    if expected is not None:
        same_frame(got, expected)
    if x == "all" and limits == ("tpr_range", (0.3, 0.31)):
        assert got["threshold"].isna().all() and len(got) == 2


def spoiled(roc, how, row, column):
    """A copy of `roc` with one thing wrong (or right, for "none")."""
    frame = roc.copy()
    values = frame[column].to_numpy().copy()
    if how == "nan":
        values[row] = np.nan
    elif how in ("inf", "-inf"):
        values[row] = float(how)
    elif how == "swap":
        values[[row, row - 1]] = values[[row - 1, row]]
    elif how == "reverse":
        frame = frame.iloc[::-1].reset_index(drop=True)
        return frame
    elif how == "ends_inf":  # equal infinities at both ends: inf - inf is NaN
        values[:2], values[-2:] = np.inf, -np.inf
    frame[column] = values
    return frame


@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")  # inf - inf
@SETTINGS
@given(
    st.data(),
    st.sampled_from(["none", "nan", "inf", "-inf", "swap", "reverse", "ends_inf"]),
    st.sampled_from(["TPR", "FPR", "threshold", "FN", "FP"]),
)
def test_the_one_pass_check_of_a_frame_is_the_column_by_column_check(data, how, column):
    """The one-pass check says what the plain one said; and the frame check
    gives the same arrays or the same error with and without it."""
    roc = data.draw(curves())
    frame = spoiled(roc, how, data.draw(st.integers(1, len(roc) - 1)), column)
    block = float_block(frame)
    assert block is not None
    positions = [frame.columns.get_loc(name) for name in ROC_SIGNS]
    passes = _monotone(frame, block, ROC_SIGNS)
    assert passes == plain_monotone(block, positions, list(ROC_SIGNS.values()))
    assert passes or how != "none"  # a good frame passes
    try:
        slow = check_roc_frame(frame)  # no block: column by column
    except ValueError as error:
        with pytest.raises(ValueError) as fast:
            check_roc_frame(frame, block)
        assert str(fast.value) == str(error)
    else:
        fast = check_roc_frame(frame, block)
        assert list(fast) == list(slow)
        for name in slow:
            assert np.array_equal(fast[name], slow[name])
