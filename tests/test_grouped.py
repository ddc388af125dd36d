"""The grouped pass of roc_table and auc_table (one counting sort by group
and label, each group sorted in scratch memory, groups shared by two
threads): every group is WeightedROC of its rows, bit for bit."""

import threading

import numpy as np
import pandas as pd
import pytest
from groups import rows_and_weights
from hypothesis import given, settings
from hypothesis import strategies as st
from plain import same_bits

from weightedroc import WeightedAUC, WeightedROC, auc_table, roc_table
from weightedroc.engine.core import SMALL
from weightedroc.engine.grouped import SHARED
from weightedroc.engine.threads import LARGE, run_both, run_shared

COLUMNS = ["TPR", "FPR", "threshold", "FN", "FP"]
# Around the sizes where the pass changes: the plain argsort below SMALL,
# packed keys of more index bits at each power of two, the second thread
# (and chunked sums) from LARGE rows.
SIZES = [2, 3, SMALL - 1, SMALL, SMALL + 1, 511, 512, 513, 1023, 1024, 1025, LARGE, LARGE + 1]
POOL = np.array([-1.0, -0.0, 0.0, 0.5, 1.0, 2.0, np.inf, -np.inf, 1e-310, 0.25])


def _guesses(kind, size, rng):
    if kind == "pool":  # many ties, signed zeros, infinities, a subnormal
        return rng.choice(POOL, size)
    if kind == "zeros":  # runs of zeros of both signs in both classes
        return rng.choice(np.array([-0.0, 0.0, 1.0]), size)
    if kind == "last bits":  # packed keys collide: runs sorted again
        return 1 + rng.integers(0, 1 << 12, size) * 2.0**-52
    return rng.normal(size=size)


@st.composite
def frames(draw):
    """Groups of sizes around the thresholds, each with both classes, their
    rows interleaved in any order."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    sizes = draw(st.lists(st.sampled_from(SIZES), min_size=1, max_size=4))
    kind = draw(st.sampled_from(["zeros", "pool", "last bits", "normal"]))
    code, label, guess = [], [], []
    for k, size in enumerate(sizes):
        negatives = draw(st.sampled_from([1, size - 1, size // 2, int(rng.integers(1, size))]))
        code.append(np.full(size, k))
        label.append(rng.permutation(np.arange(size) >= negatives))
        guess.append(_guesses(kind, size, rng))
    code, label, guess = np.concatenate(code), np.concatenate(label), np.concatenate(guess)
    rows, weights, weight = rows_and_weights(draw, rng, len(code))
    keys = draw(
        st.sampled_from([np.array([7, -2, 40, 3]), np.array(["d", "a", "c", "b"]), np.arange(4)])
    )
    keys = keys[draw(st.permutations(range(4)))]
    frame = pd.DataFrame(
        {"key": keys[code], "guess": guess, "label": np.where(label, 1, -1), "weight": weight}
    ).iloc[rows]
    return frame.reset_index(drop=True), weights != "none"


def _check(df, weighted, direction, kind):
    weight = "weight" if weighted else None
    data = df
    if kind == "polars":
        pl = pytest.importorskip("polars")
        pytest.importorskip("narwhals")
        data = pl.from_pandas(df)
    table = roc_table(data, "guess", "label", weight, by="key", direction=direction)
    aucs = auc_table(data, "guess", "label", weight, by="key", direction=direction)
    if kind == "polars":
        table, aucs = table.to_pandas(), aucs.to_pandas()
    keys = sorted(set(df.key))
    assert list(aucs.key) == keys and list(table.key.unique()) == keys
    for i, key in enumerate(keys):
        rows = df[df.key == key]
        expected = WeightedROC(
            rows.guess, rows.label, None if weight is None else rows.weight, direction=direction
        )
        part = table[table.key == key]
        for column in COLUMNS:
            assert same_bits(part[column], expected[column]), (key, column)
        assert aucs.auc[i] == WeightedAUC(expected)
        assert aucs.n[i] == len(rows)


@settings(max_examples=60, deadline=None)
@given(
    drawn=frames(),
    direction=st.sampled_from(["<", ">"]),
    kind=st.sampled_from(["pandas", "polars"]),
)
def test_every_group_is_weighted_roc_of_its_rows_bit_for_bit(drawn, direction, kind):
    _check(*drawn, direction, kind)


def test_runs_of_zeros_end_with_the_last_rows_zero():
    # The negatives are sorted before the positives; the zero threshold is
    # still the sign of the zero in the last row of the run, as in R.
    for last in (-0.0, 0.0):
        df = pd.DataFrame(
            {
                "key": [1] * 6,
                "guess": [0.0, -0.0, 1.0, -0.0, 0.0, last],
                "label": [1, 0, 1, 1, 0, 0],
            }
        )
        _check(df, False, "<", "pandas")
        threshold = roc_table(df, "guess", "label", by="key").threshold[0]
        assert threshold == 0 and np.signbit(threshold) == np.signbit(last)


def test_many_large_groups_with_ties_are_packed_together():
    # Groups large enough to be shared by two threads, some with ties (fewer
    # curve rows than observations), so the curves are moved together.
    rng = np.random.default_rng(3)
    n = 13 * SHARED * 2
    scale = 10.0 ** rng.choice([1, 3, 8], n)  # ties, fewer ties, none
    df = pd.DataFrame(
        {
            "key": rng.integers(0, 13, n),
            "guess": np.round(rng.normal(size=n) * scale) / scale,
            "label": rng.integers(0, 2, n),
            "weight": rng.exponential(size=n),
        }
    )
    _check(df, True, "<", "pandas")
    _check(df, False, ">", "pandas")


def test_the_first_failing_group_is_named():
    # Groups are shared between two threads; the error is still the first
    # group's in sorted order, as one group after another would find it.
    rng = np.random.default_rng(4)
    n = 40 * SHARED
    key = rng.integers(0, 30, n)
    label = rng.integers(0, 2, n)
    for bad in (29, 17, 3):
        label[key == bad] = 1
    df = pd.DataFrame({"key": key, "guess": rng.random(n), "label": label})
    for table in (roc_table, auc_table):
        with pytest.raises(ValueError, match=r"^group key=3: only one label value"):
            table(df, "guess", "label", by="key")
    overflow = df.assign(weight=np.where(df.key == 20, 1e308, 1.0), label=rng.integers(0, 2, n))
    with pytest.raises(ValueError, match=r"^group key=20: the total positive or negative"):
        roc_table(overflow, "guess", "label", "weight", by="key")


def test_run_shared_runs_the_job_in_two_threads_each_alone(monkeypatch):
    monkeypatch.delenv("WEIGHTEDROC_THREADS", raising=False)
    seen = []

    def job():
        # run_both inside runs in this thread (the worker is taken)
        inner = run_both(threading.get_ident, threading.get_ident, LARGE)
        seen.append((threading.get_ident(), *inner))

    run_shared(job, LARGE)
    assert len(seen) == 2 and all(len(set(ids)) == 1 for ids in seen)
    assert len({ids[0] for ids in seen}) == 2
    seen.clear()
    run_shared(job, LARGE - 1)  # small: in the calling thread only
    assert len(seen) == 1


def test_run_shared_raises_an_error_of_either_thread(monkeypatch):
    monkeypatch.delenv("WEIGHTEDROC_THREADS", raising=False)
    caller = threading.get_ident()

    def job():
        if threading.get_ident() != caller:
            raise RuntimeError("in the worker")

    with pytest.raises(RuntimeError, match="in the worker"):
        run_shared(job, LARGE)
