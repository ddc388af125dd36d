"""roc_table and auc_table over many groups at once (`engine.many`) against
a plain loop over the groups: each group's curve and AUC are R's
arithmetic on that group's rows alone (tests/plain.py, and WeightedROC /
WeightedAUC of the group), bit for bit; and ``one_label=``."""

import warnings

import numpy as np
import pandas as pd
import pytest
from groups import rows_and_weights
from hypothesis import given, settings
from hypothesis import strategies as st
from plain import plain_auc, plain_roc, same_bits

import weightedroc.engine.grouped as grouped
import weightedroc.engine.many as many
import weightedroc.tidy as wr_tidy
from weightedroc import WeightedAUC, WeightedROC, auc_table, roc_table

COLUMNS = ["TPR", "FPR", "threshold", "FN", "FP"]
POOL = np.array([-1.0, -0.0, 0.0, 0.5, 1.0, 2.0, np.inf, -np.inf, 5e-324, 0.25, 1e300])


def _guesses(kind, size, rng):
    if kind == "pool":  # ties, signed zeros, infinities, a subnormal
        return rng.choice(POOL, size)
    if kind == "zeros":  # runs of zeros of both signs in both classes
        return rng.choice(np.array([-0.0, 0.0, 1.0]), size)
    if kind == "last bits":  # doubles one ulp apart: the sort's packed keys collide
        return 1 + rng.integers(0, 8, size) * 2.0**-52
    return rng.normal(size=size)


@st.composite
def frames(draw):
    """Groups of many sizes (1 up to past each size where the pass changes,
    as the test sets them), some with one label value, rows in any order;
    (frame, weighted)."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    sizes = draw(
        st.lists(
            st.one_of(st.integers(1, 12), st.sampled_from([15, 16, 17, 31, 32, 33, 70])),
            min_size=1,
            max_size=40,
        )
    )
    kind = draw(st.sampled_from(["zeros", "pool", "last bits", "normal"]))
    labels = draw(st.sampled_from(["mixed", "some one-label"]))
    code, label, guess = [], [], []
    for k, size in enumerate(sizes):
        code.append(np.full(size, k))
        if labels == "some one-label" and rng.random() < 0.3:
            label.append(np.full(size, rng.random() < 0.5))
        else:
            label.append(rng.random(size) < 0.5)
        guess.append(_guesses(kind, size, rng))
    code, label, guess = np.concatenate(code), np.concatenate(label), np.concatenate(guess)
    rows, weights, weight = rows_and_weights(draw, rng, len(code))
    keys = draw(st.sampled_from(["int", "str", "negative"]))
    keys = {
        "int": np.arange(len(sizes)),
        "str": np.array([f"u{k:03d}" for k in rng.permutation(len(sizes))]),
        "negative": -3 * rng.permutation(len(sizes)),
    }[keys]
    frame = pd.DataFrame(
        {"key": keys[code], "guess": guess, "label": np.where(label, 1, 0), "weight": weight}
    ).iloc[rows]
    return frame.reset_index(drop=True), weights != "none"


def _reference(df, weighted, direction):
    """{key: (TPR, FPR, threshold, FN, FP) or None for one label}, by a plain loop."""
    found = {}
    for key, rows in df.groupby("key", sort=True):
        positive = rows.label.to_numpy() == 1
        if positive.all() or not positive.any():
            found[key] = None
            continue
        guess = rows.guess.to_numpy()
        weight = rows.weight.to_numpy() if weighted else None
        columns = plain_roc(-guess if direction == ">" else guess, positive, weight)
        if direction == ">":
            columns = (*columns[:2], -columns[2], *columns[3:])
        found[key] = columns
    return found


def _frame(df, kind):
    if kind == "pandas":
        return df
    pl = pytest.importorskip("polars")
    pytest.importorskip("narwhals")
    frame = pl.from_pandas(df)
    return frame if kind == "polars" else frame.to_arrow()


def _pandas(table):
    return table if isinstance(table, pd.DataFrame) else pd.DataFrame(table.to_pandas())


def _check(df, weighted, direction, kind, one_label):
    weight = "weight" if weighted else None
    data = _frame(df, kind)
    expected = _reference(df, weighted, direction)
    options = dict(weight=weight, by="key", direction=direction)
    kept = [key for key, columns in expected.items() if columns is not None]
    if df.label.nunique() == 1:  # the column's encoding is undecided: still an error
        for function in (roc_table, auc_table):
            with pytest.raises(ValueError, match=r"^column 'label' \(label\): only one label"):
                function(data, guess="guess", label="label", one_label="skip", **options)
        return
    if one_label == "error" and len(kept) < len(expected):
        first = next(key for key, columns in expected.items() if columns is None)
        for function in (roc_table, auc_table):
            with pytest.raises(ValueError, match=rf"^group key={first!r}: only one label value"):
                function(data, guess="guess", label="label", **options)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        aucs = _pandas(
            auc_table(data, guess="guess", label="label", one_label=one_label, **options)
        )
        if one_label != "nan":
            curves = _pandas(
                roc_table(data, guess="guess", label="label", one_label=one_label, **options)
            )
            assert list(curves.key.unique()) == kept
            for key in kept:
                part = curves[curves.key == key]
                for name, column in zip(COLUMNS, expected[key]):
                    assert same_bits(part[name], column), (key, name)
    listed = kept if one_label == "skip" else list(expected)
    assert list(aucs.key) == listed
    for key, row in zip(listed, aucs.itertuples()):
        rows = df[df.key == key]
        assert row.n == len(rows)
        positive = rows.label.to_numpy() == 1
        if expected[key] is None:
            assert np.isnan(row.auc)
            continue
        TPR, FPR, _, FN, FP = expected[key]
        assert same_bits(row.auc, plain_auc(TPR, FPR))
        assert same_bits([row.positive_weight, row.negative_weight], [FN[-1], FP[0]])
        curve = WeightedROC(
            rows.guess,
            positive,
            rows.weight if weighted else None,
            direction=direction,
        )
        assert same_bits(row.auc, WeightedAUC(curve))


PATHS = [
    "at once, small blocks",
    "at once",
    "at once, coarse buckets",
    "at once, two sorts",
    "one group after another",
]


def _take(path, patch):
    """The ways through: all at once with blocks (and key chunks) of at most
    16 rows and groups of more than 16 rows tallied alone; all at once as
    shipped; with 2 bits of each guess in the sort keys, a fifth of the
    range in each end bucket and every run re-sorted (most rows go through
    the re-sort); sorted by guess and then by group (`_two_sorts`); one
    group after another (as for few large groups)."""
    if path == "at once, small blocks":
        patch.setattr(many, "CHUNK", 16)
        patch.setattr(many, "LARGE", 16)
    if path == "at once, coarse buckets":
        patch.setattr(many, "MIN_BUCKET_BITS", 2)
        patch.setattr(many, "MAX_BUCKET_BITS", 2)
        patch.setattr(many, "OUTLIERS", 0.2)
        patch.setattr(many, "RESORT_SHARE", 1.0)
    if path == "at once, two sorts":
        patch.setattr(many, "MIN_BUCKET_BITS", 64)
    patch.setattr(grouped, "MANY", 0 if path == "one group after another" else 1 << 40)


@pytest.mark.parametrize("path", PATHS)
@settings(max_examples=40, deadline=None)
@given(
    drawn=frames(),
    direction=st.sampled_from(["<", ">"]),
    kind=st.sampled_from(["pandas", "polars", "arrow"]),
    one_label=st.sampled_from(["error", "skip", "nan"]),
)
def test_every_group_is_r_of_its_own_rows_bit_for_bit(path, drawn, direction, kind, one_label):
    with pytest.MonkeyPatch.context() as patch:
        _take(path, patch)
        _check(*drawn, direction, kind, one_label)


def test_groups_of_every_size_past_the_block_and_large_sizes(monkeypatch):
    # Groups of 1 to 40 rows, blocks of at most 16 rows and groups above 16
    # rows tallied alone: every size on both sides of both limits.
    monkeypatch.setattr(many, "CHUNK", 16)
    monkeypatch.setattr(many, "LARGE", 16)
    rng = np.random.default_rng(5)
    sizes = np.repeat(np.arange(1, 41), 3)
    code = np.repeat(np.arange(len(sizes)), sizes)
    n = len(code)
    df = pd.DataFrame(
        {
            "key": code,
            "guess": rng.choice(POOL, n),
            "label": rng.integers(0, 2, n),
            "weight": rng.exponential(size=n),
        }
    ).sample(frac=1, random_state=1)
    for direction in ("<", ">"):
        for weighted in (False, True):
            _check(df, weighted, direction, "pandas", "skip")
            _check(df, weighted, direction, "pandas", "nan")


def test_a_group_larger_than_a_chunk_beside_small_ones():
    # The shipped sizes: one group of more than LARGE rows among small ones.
    rng = np.random.default_rng(6)
    sizes = np.concatenate(([many.LARGE + 3], rng.integers(1, 9, 300)))
    code = np.repeat(np.arange(len(sizes)), sizes)
    n = len(code)
    df = pd.DataFrame(
        {
            "key": code,
            "guess": np.round(rng.normal(size=n), 2),
            "label": rng.integers(0, 2, n),
            "weight": rng.exponential(size=n),
        }
    ).sample(frac=1, random_state=2)
    _check(df, True, "<", "pandas", "skip")
    _check(df, False, ">", "pandas", "nan")


def test_running_sums_restart_at_zero_in_each_group():
    # Weights whose long double running sum over all rows rounds otherwise
    # than each group's own: a global running sum minus the group's start
    # would differ in the last bits.
    rng = np.random.default_rng(7)
    n = 3000
    df = pd.DataFrame(
        {
            "key": np.repeat(np.arange(300), 10),
            "guess": rng.random(n),
            "label": np.tile([0, 1], n // 2),
            "weight": rng.random(n) * 10.0 ** rng.integers(-8, 8, n),
        }
    )
    _check(df, True, "<", "pandas", "error")
    weight = df.weight.to_numpy()
    running = np.cumsum(weight.astype(np.longdouble))
    group_starts = np.concatenate(([0], running[9:-1:10]))
    minus = (running - np.repeat(group_starts, 10)).astype(np.float64)
    own = np.concatenate([np.cumsum(part.astype(np.longdouble)) for part in weight.reshape(-1, 10)])
    assert not same_bits(minus, own.astype(np.float64))  # (so the test can fail)


def test_one_label_skip_warns_with_the_count_and_the_first_groups():
    df = pd.DataFrame(
        {
            "user": [1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6],
            "guess": [0.1, 0.9, 0.3, 0.4, 0.5, 0.2, 0.7, 0.1, 0.2, 0.3, 0.6],
            "label": [0, 1, 1, 1, 0, 0, 1, 0, 0, 1, 1],
        }
    )
    with pytest.warns(
        UserWarning,
        match=r"^auc_table skipped 4 of 6 groups with one label value only .*: "
        r"\(user=2\), \(user=3\), \(user=5\), \.\.\.$",
    ):
        table = auc_table(df, guess="guess", label="label", by="user", one_label="skip")
    assert list(table.user) == [1, 4] and list(table.auc) == [1.0, 1.0]
    assert table.attrs["skipped_groups"] == 4
    with pytest.warns(UserWarning, match=r"^roc_table skipped 4 of 6 groups"):
        curves = roc_table(df, guess="guess", label="label", by="user", one_label="skip")
    assert list(curves.user.unique()) == [1, 4] and curves.attrs["skipped_groups"] == 4
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing skipped: nothing said
        kept = auc_table(
            df[df.user.isin([1, 4])], guess="guess", label="label", by="user", one_label="skip"
        )
    assert kept.attrs["skipped_groups"] == 0


def test_one_label_nan_keeps_the_group_with_its_weights():
    df = pd.DataFrame(
        {
            "user": ["a", "a", "b", "b", "b"],
            "guess": [0.1, 0.9, 0.3, 0.4, 0.5],
            "label": [0, 1, 1, 1, 1],
            "weight": [1.0, 2.0, 0.5, 0.25, 4.0],
        }
    )
    table = auc_table(df, guess="guess", label="label", weight="weight", by="user", one_label="nan")
    assert list(table.user) == ["a", "b"] and list(table.n) == [2, 3]
    assert table.auc[0] == 1.0 and np.isnan(table.auc[1])
    assert list(table.positive_weight) == [2.0, 4.75]
    assert list(table.negative_weight) == [1.0, 0.0]
    with_ci = auc_table(df, guess="guess", label="label", by="user", one_label="nan", ci=True)
    assert np.isnan(with_ci.conf_low[1]) and np.isnan(with_ci.conf_high[1])


def test_one_label_error_names_the_first_group_and_bad_values_are_refused():
    df = pd.DataFrame({"user": [2, 2, 1, 3, 3], "guess": [1, 2, 3, 4, 5], "label": [0, 1, 1, 0, 0]})
    for function in (roc_table, auc_table):
        with pytest.raises(ValueError, match=r"^group user=1: only one label value"):
            function(df, guess="guess", label="label", by="user")
        with pytest.raises(ValueError, match=r"^one_label must be one of 'error', 'skip'"):
            function(df, guess="guess", label="label", by="user", one_label="drop")
    with pytest.raises(ValueError, match=r"^one_label must be one of 'error', 'skip'$|got 'nan'"):
        roc_table(df, guess="guess", label="label", by="user", one_label="nan")


def test_a_label_column_of_one_value_is_an_error_whatever_one_label_says():
    # The encoding is read from the whole column: one value there says
    # nothing of which class it is ({0, 1} or {1, 2}?), with or without by.
    df = pd.DataFrame({"user": [1, 2], "guess": [1.0, 2.0], "label": [1, 1]})
    for by in (None, "user"):
        for one_label in ("skip", "nan"):
            with pytest.raises(ValueError, match=r"^column 'label' \(label\): only one label"):
                auc_table(df, guess="guess", label="label", by=by, one_label=one_label)


def test_without_by_the_frame_is_one_group():
    df = pd.DataFrame({"guess": [3.0, 1.0, 2.0, 2.0], "label": [1, 0, 1, 0]})
    for one_label in ("error", "skip", "nan"):
        table = auc_table(df, guess="guess", label="label", one_label=one_label)
        assert list(table.columns) == wr_tidy.AUC_COLUMNS
        assert table.auc.tolist() == [0.875] and table.n.tolist() == [4]  # 3.5 of 4 pairs
        curve = roc_table(df, guess="guess", label="label", one_label="skip")
        expected = WeightedROC(df.guess, df.label)
        for name in COLUMNS:
            assert same_bits(curve[name], expected[name])


def test_an_overflowing_group_is_named_even_when_skipping():
    df = pd.DataFrame(
        {
            "user": [1, 1, 2, 2, 2, 3, 3],
            "guess": [1.0, 2.0, 1.0, 2.0, 3.0, 1.0, 2.0],
            "label": [0, 0, 0, 1, 1, 0, 1],
            "weight": [1e308, 1e308, 1.0, 1e308, 1e308, 1.0, 1.0],
        }
    )
    # Group 1 has one label (skipped); group 2's positive weight overflows.
    for function in (roc_table, auc_table):
        with pytest.raises(ValueError, match=r"^group user=2: the total positive or negative"):
            function(df, guess="guess", label="label", weight="weight", by="user", one_label="skip")


@pytest.mark.filterwarnings("ignore:DeLong's normal interval")
def test_intervals_of_the_groups_kept():
    rng = np.random.default_rng(8)
    df = pd.DataFrame(
        {
            "user": np.repeat([3, 1, 2], 40),
            "guess": rng.normal(size=120),
            "label": np.concatenate([rng.integers(0, 2, 40), np.ones(40), rng.integers(0, 2, 40)]),
        }
    )
    with pytest.warns(UserWarning, match=r"skipped 1 of 3 groups"):
        table = auc_table(df, guess="guess", label="label", by="user", ci=True, one_label="skip")
    assert list(table.user) == [2, 3]
    for user, row in zip([2, 3], table.itertuples()):
        rows = df[df.user == user]
        alone = auc_table(rows, guess="guess", label="label", ci=True)
        assert same_bits(
            [row.auc, row.conf_low, row.conf_high], alone.iloc[0][["auc", "conf_low", "conf_high"]]
        )


def test_the_skip_warning_points_at_the_callers_line():
    df = pd.DataFrame({"user": [1, 1, 2], "guess": [0.1, 0.9, 0.3], "label": [0, 1, 1]})
    for function in (roc_table, auc_table):
        with pytest.warns(UserWarning, match="skipped 1 of 2") as caught:
            function(df, guess="guess", label="label", by="user", one_label="skip")
        assert caught[0].filename == __file__


ADJACENT = np.nextafter(1.0, np.inf) * np.array([1.0, 1.0]) - np.array([0.0, 2.0**-52])


@st.composite
def sortable(draw):
    """Guesses aimed at the one-sort keys: adjacent doubles, ties, signed
    zeros, infinities, subnormals, extremes and far outliers; group codes
    (every code used) and positive flags."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    n = draw(st.integers(1, 300))
    pool = np.concatenate(
        (POOL, ADJACENT, [-1e308, 1.7976931348623157e308, -5e-324, 1e-300, 3.0, 3.0])
    )
    kind = draw(st.sampled_from(["pool", "adjacent", "normal", "outliers"]))
    guess = {
        "pool": lambda: rng.choice(pool, n),
        "adjacent": lambda: 1 + rng.integers(0, 4, n) * 2.0**-52,
        "normal": lambda: rng.normal(size=n),
        "outliers": lambda: np.where(rng.random(n) < 0.05, 1e300, rng.normal(size=n)),
    }[kind]()
    size = draw(st.integers(1, n))
    codes = np.concatenate((np.arange(size), rng.integers(0, size, n - size)))
    rng.shuffle(codes)
    return guess, rng.random(n) < 0.5, rng.exponential(size=n), codes, size


@settings(max_examples=300, deadline=None)
@given(
    drawn=sortable(),
    bits=st.sampled_from([None, 1, 2, 5]),
    outliers=st.sampled_from([0.001, 0.2]),
    bucketings=st.sampled_from(["chosen", "value", "keys"]),
    direction=st.sampled_from(["<", ">"]),
)
def test_the_one_sort_orders_rows_as_a_plain_lexsort(drawn, bits, outliers, bucketings, direction):
    # (group's place, guess, row): R's order() within each group, groups in
    # order of size then code; the coarse keys (`bits`) make most rows go
    # through the re-sort of runs that share a bucket.
    guess, positive, weight, codes, size = drawn
    before = [a.copy() for a in drawn[:4]]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(many, "CHUNK", 16)
        patch.setattr(many, "SAMPLE", 16)  # (the buckets chosen on every n // 16-th guess)
        patch.setattr(many, "OUTLIERS", outliers)
        if bucketings != "chosen":
            make = many._value_buckets if bucketings == "value" else many._key_buckets
            patch.setattr(many, "BUCKETINGS", (make,))
        if bits is not None:
            patch.setattr(many, "MIN_BUCKET_BITS", bits)
            patch.setattr(many, "MAX_BUCKET_BITS", bits)
            patch.setattr(many, "RESORT_SHARE", 1.0)
        rows = many.sort_groups(guess, positive, weight, codes, size, direction)
    sizes = np.bincount(codes, minlength=size)
    place = np.empty(size, dtype=np.int64)
    place[np.lexsort((np.arange(size), sizes))] = np.arange(size)
    signed = -guess if direction == ">" else guess
    order = np.lexsort((np.arange(len(guess)), signed + 0.0, place[codes]))
    assert same_bits(rows.guess, signed[order])
    assert np.array_equal(rows.positive, positive[order])
    assert same_bits(rows.weight, weight[order])
    assert np.array_equal(rows.sizes, np.sort(sizes))
    assert np.array_equal(rows.first_rows, [np.flatnonzero(codes == c)[0] for c in range(size)])
    for array, unchanged in zip(drawn, before):  # the caller's arrays
        assert same_bits(array, unchanged)


@pytest.mark.parametrize("make", [many._value_buckets, many._key_buckets])
def test_buckets_keep_the_order_of_the_guesses(make):
    # Adjacent doubles, signed zeros, extremes and infinities: a smaller
    # guess never has a higher bucket, and equal guesses share one.
    guess = np.sort(
        np.concatenate(
            (
                POOL,
                ADJACENT,
                np.nextafter(0.25, [-np.inf, np.inf]),
                [-1.7976931348623157e308, 1.7976931348623157e308, -5e-324, -1e-300],
            )
        )
    )
    top = float(2**52 - 1)
    ranges = [(0.0, 1.0), (-1.0, 2.0), (0.25, 1e300), (-1e308, 1e308), (0.0, 0.0), (-5e-324, 0)]
    for lo, hi in ranges:
        buckets = make(lo, hi, top)(guess)
        assert buckets.dtype == np.uint64
        assert np.all(np.diff(buckets.astype(float)) >= 0) and buckets[-1] <= top
        assert np.array_equal(buckets[guess == 0], np.full(2, buckets[guess == 0][0]))
    # Within the range the buckets tell apart what they can: value buckets
    # between 0 and 1 split [0, 1] evenly, key buckets split each binade.
    middles = (np.arange(1023) + 0.5) / 1023
    assert len(np.unique(many._value_buckets(0.0, 1.0, 1023.0)(middles))) == 1023
    powers = 2.0 ** np.arange(-20, 21)
    assert len(np.unique(many._key_buckets(2.0**-20, 2.0**20, 1023.0)(powers))) == len(powers)


def test_the_buckets_of_log_normal_guesses_are_read_from_their_bits():
    # Guesses spread over many binades squeeze into few buckets of equal
    # width in value; the bits' buckets keep them apart.
    guess = np.exp(3 * np.random.default_rng(4).normal(size=20000))
    chosen = many._bucketing(guess, 19)
    assert np.array_equal(
        chosen(guess),
        many._key_buckets(
            *np.quantile(
                guess[:: max(1, len(guess) // many.SAMPLE)],
                [many.OUTLIERS, 1 - many.OUTLIERS],
                method="inverted_cdf",
            ),
            float(2**19 - 1),
        )(guess),
    )
    uniform = np.random.default_rng(5).random(20000)
    assert len(np.unique(many._bucketing(uniform, 19)(uniform))) > 19000


def test_guesses_sharing_buckets_fall_back_to_two_sorts(monkeypatch):
    # Half the guesses a few ulps above 1, half a few ulps above 1e300: each
    # half shares one bucket, the re-sort would take every row, so the one
    # sort gives up and the two sorts give the same rows.
    rng = np.random.default_rng(3)
    n = 400
    guess = np.where(rng.random(n) < 0.5, 1.0, 1e300) * (1 + rng.integers(0, 50, n) * 2.0**-52)
    codes, positive = rng.integers(0, 20, n), rng.random(n) < 0.5
    calls, two_sorts = [], many._two_sorts
    monkeypatch.setattr(many, "_two_sorts", lambda *a: calls.append(1) or two_sorts(*a))
    rows = many.sort_groups(guess, positive, None, codes, 20)
    assert calls == [1]
    place = np.argsort(np.lexsort((np.arange(20), np.bincount(codes))))
    order = np.lexsort((np.arange(n), guess, place[codes]))
    assert same_bits(rows.guess, guess[order])
    assert np.array_equal(rows.positive, positive[order])
    # Guesses a few ulps apart with nothing far away get buckets of their own.
    calls.clear()
    many.sort_groups(guess[guess < 2], positive[guess < 2], None, codes[guess < 2], 20)
    assert calls == []
