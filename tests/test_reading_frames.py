"""A frame is checked in one pass over its float block every time it is
read (nothing is remembered between calls): every answer after a change
to the frame equals the answer on a fresh copy, and the one-pass checks
say what the column-by-column checks say."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plain import same_bits

import weightedroc as wr
from weightedroc.engine.counts import counts_of
from weightedroc.engine.curve_input import read_curve
from weightedroc.engine.validation import check_curve, check_roc_frame, float_block


def fresh(frame):
    copy = frame.copy(deep=True)
    copy.attrs = dict(frame.attrs)
    return copy


def answers(frame):
    """What the readers say of `frame`: its arrays, counts, a partial area
    and coords; an error's type and message when it is not a curve."""
    try:
        curve = read_curve(frame, "f")
        counts = counts_of(frame)
        return (
            [getattr(curve, k) for k in ("TPR", "FPR", "threshold", "FN", "FP")],
            list(counts[:5]),
            wr.partial_auc(frame, fpr_range=(0.1, 0.6)),
            wr.coords(frame, "best").to_numpy(),
        )
    except (TypeError, ValueError) as error:
        return type(error).__name__ + str(error)


def same(a, b):
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    arrays_a, counts_a, area_a, best_a = a
    arrays_b, counts_b, area_b, best_b = b
    return (
        all(x is None and y is None or same_bits(x, y) for x, y in zip(arrays_a, arrays_b))
        and all(same_bits(x, y) for x, y in zip(counts_a, counts_b))
        and same_bits(area_a, area_b)
        and same_bits(best_a, best_b)
    )


def test_a_second_read_equals_the_first_and_a_fresh_frames():
    frame = wr.WeightedROC([1, 2, 2, 3, 5], [0, 1, 0, 1, 1], [1, 2, 3, 1, 1])
    assert same(answers(frame), answers(frame))
    assert same(answers(frame), answers(fresh(frame)))


def test_arrays_read_are_read_only_and_the_frame_stays_writable():
    frame = wr.WeightedROC([1, 2, 3], [0, 1, 1])
    curve = read_curve(frame, "f")
    assert not curve.TPR.flags.writeable  # a view of the caller's data: never written
    frame.loc[1, "TPR"] = 0.75  # the caller's frame is theirs to change
    assert frame.loc[1, "TPR"] == 0.75
    assert read_curve(frame, "f").TPR[1] == 0.75


def test_a_frame_changed_in_place_is_checked_again():
    frame = wr.WeightedROC([1, 2, 3, 4], [0, 1, 0, 1])
    wr.coords(frame, "best")
    frame.loc[3, "TPR"] = 1.0  # TPR 1, 1, 0.5, 1, 0: no longer non-increasing
    with pytest.raises(ValueError, match="not in WeightedROC's order"):
        wr.coords(frame, "best")


def test_a_sign_of_zero_is_a_change():
    frame = wr.smooth_roc([0.1, 0.4, 0.35, 0.8, 0.5, 0.2], [0, 0, 1, 1, 0, 1], n=5)
    zero = np.flatnonzero(frame["FPR"].to_numpy() == 0)[0]
    assert not np.signbit(read_curve(frame, "f").FPR[zero])
    frame.loc[zero, "FPR"] = -0.0
    assert np.signbit(read_curve(frame, "f").FPR[zero])


def test_renamed_columns_or_another_smoothing_are_read_anew():
    frame = wr.WeightedROC([1, 2, 3, 4], [0, 1, 0, 1])
    read_curve(frame, "f")
    frame.columns = ["TPR", "FPR", "threshold", "FN", "FPx"]
    with pytest.raises(ValueError, match="no column 'FP'"):
        read_curve(frame, "f")
    smoothed = wr.smooth_roc([0.1, 0.4, 0.35, 0.8, 0.5, 0.2], [0, 0, 1, 1, 0, 1], n=5)
    read_curve(smoothed, "f")
    smoothed.attrs = {}  # now a frame of TPR and FPR, as WeightedAUC reads
    assert read_curve(smoothed, "f", complete=False).smooth is None
    with pytest.raises(ValueError, match="no column 'threshold'"):
        read_curve(smoothed, "f")


CHANGES = st.sampled_from(["value", "negative zero", "swap rows", "same value", "nan", "column"])


@settings(max_examples=150, deadline=None)
@given(
    guess=st.lists(st.sampled_from([0.0, -0.0, 1.0, 2.5, 3.0, 1e300]), min_size=2, max_size=12),
    data=st.data(),
)
def test_every_answer_after_a_change_equals_a_fresh_frames(guess, data):
    label = data.draw(st.lists(st.booleans(), min_size=len(guess), max_size=len(guess)))
    if all(label) or not any(label):
        label[0], label[-1] = True, False
    frame = data.draw(
        st.sampled_from([wr.WeightedROC(guess, np.array(label, dtype=int)), "smooth"])
    )
    if isinstance(frame, str):
        frame = wr.smooth_roc([0.1, 0.4, 0.35, 0.8, 0.5, 0.2, 0.9], [0, 0, 1, 1, 0, 1, 1], n=7)
    for _ in range(3):
        assert same(answers(frame), answers(fresh(frame)))
        change = data.draw(CHANGES)
        row = data.draw(st.integers(0, len(frame) - 1))
        column = data.draw(st.sampled_from(list(frame.columns)))
        if change == "value":
            frame.loc[row, column] = data.draw(st.sampled_from([0.0, 0.5, 1.0, 2.0]))
        elif change == "negative zero":
            frame.loc[row, column] = -0.0 if frame.loc[row, column] == 0 else frame.loc[row, column]
        elif change == "swap rows" and len(frame) > 2:
            values = frame[column].to_numpy().copy()
            values[[0, row]] = values[[row, 0]]
            frame[column] = values
        elif change == "same value":
            frame[column] = frame[column].to_numpy().copy()
        elif change == "nan":
            frame.loc[row, column] = np.nan
        else:
            frame[column] = frame[column] * 1.0
    assert same(answers(frame), answers(fresh(frame)))


def test_a_frame_of_other_columns_is_read_as_before():
    frame = wr.WeightedROC([1, 2, 3, 4], [0, 1, 0, 1])
    frame["group"] = "a"  # a text column: not one float block, read column by column
    assert same_bits(read_curve(frame, "f").TPR, wr.WeightedROC([1, 2, 3, 4], [0, 1, 0, 1])["TPR"])


def test_threads_reading_many_frames_agree_with_fresh_reads():
    from concurrent.futures import ThreadPoolExecutor

    rng = np.random.default_rng(3)
    frames = [wr.WeightedROC(rng.normal(size=30), rng.integers(0, 2, 30)) for _ in range(96)]
    expected = [wr.partial_auc(fresh(f), fpr_range=(0, 0.5)) for f in frames]
    with ThreadPoolExecutor(4) as pool:
        for _ in range(3):
            got = list(pool.map(lambda f: wr.partial_auc(f, fpr_range=(0, 0.5)), frames))
            assert got == expected


def test_frames_converted_from_polars_read_as_pandas():
    pl = pytest.importorskip("polars")
    frame = wr.WeightedROC([1, 2, 3, 4], [0, 1, 0, 1])
    assert wr.partial_auc(pl.from_pandas(frame), fpr_range=(0, 0.5)) == wr.partial_auc(
        frame, fpr_range=(0, 0.5)
    )


@pytest.mark.parametrize("best_method", ["youden", "closest.topleft"])
@pytest.mark.parametrize("ties", ["all", "first"])
def test_best_rows_read_again_equal_a_fresh_frames(best_method, ties):
    frame = wr.WeightedROC([1, 2, 2, 3, 4, 5, 6], [0, 1, 0, 1, 0, 1, 1], [1, 2, 1, 1, 2, 1, 1])
    for weights in [(1, 0.5), (2, 0.3), (1, 0.5)]:
        for _ in range(2):  # read, then read again
            got = wr.coords(frame, "best", best_method=best_method, best_weights=weights, ties=ties)
            expected = wr.coords(
                fresh(frame), "best", best_method=best_method, best_weights=weights, ties=ties
            )
            assert same_bits(got.to_numpy(), expected.to_numpy())


def test_a_change_made_and_undone_between_reads_leaves_no_stale_arrays():
    # pandas without copy-on-write changes the caller's block in place (CI's
    # numpy-1 leg, pandas 2.2): each read sees the frame as it is then.
    frame = wr.WeightedROC([0.0, 0.0], np.array([1, 0]))
    read_curve(frame, "f")
    frame.loc[1, "TPR"] = 0.5  # not a curve any more (read: an error)
    with pytest.raises(ValueError):
        read_curve(frame, "f")
    frame["TPR"] = frame["TPR"].to_numpy().copy()  # a new block
    frame.loc[1, "TPR"] = 0.0  # back as it was when it was read
    assert read_curve(frame, "f").TPR.tolist() == [1.0, 0.0]


def checked(check, frame, block):
    try:
        return check(frame, block=block)
    except (TypeError, ValueError) as error:
        return type(error).__name__ + str(error)


@pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning")  # the column checks' inf - inf
@settings(max_examples=300, deadline=None)
@given(
    guess=st.lists(st.sampled_from([0.0, -0.0, 1.0, 2.5, 3.0, 1e300]), min_size=2, max_size=12),
    changes=st.lists(
        st.tuples(
            st.integers(0, 12),
            st.sampled_from(["TPR", "FPR", "threshold", "FN", "FP"]),
            st.sampled_from([0.0, -0.0, 0.5, 1.0, 2.0, np.nan, np.inf, -np.inf]),
        ),
        max_size=3,
    ),
    direction=st.sampled_from(["<", ">"]),
)
def test_the_one_pass_checks_say_what_the_column_checks_say(guess, changes, direction):
    label = np.arange(len(guess)) % 2
    frame = wr.WeightedROC(guess, label, direction=direction)
    for row, column, value in changes:
        frame.loc[row % len(frame), column] = value
    block = float_block(frame)
    assert block is not None
    for check in (check_roc_frame, check_curve):
        one_pass, by_column = checked(check, frame, block), checked(check, frame, None)
        if isinstance(by_column, str):
            assert one_pass == by_column
        else:
            assert sorted(one_pass) == sorted(by_column)
            assert all(same_bits(one_pass[k], by_column[k]) for k in by_column)
