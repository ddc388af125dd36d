"""group_auc reads its rows once: one sort gives every group's AUC, DeLong
variance, influence values and replicate AUCs (issue 38, item 1).

The sort is `engine.many.sort_groups` (by group, then guess, then row, as
R's order() sorts each group).  `grouped_delong._by_group_and_guess` then
only regroups that order by code (a counting sort); it would sort by guess
itself if called without the order (`by_guess=None`), which the hook
counts as a second sort.  The variances read the rows in that stable
order; on data without tied guesses the order is the one a fresh sort
gives, so the numbers are the self-sorting path's to the bit, and with
ties they equal a per-group `auc_var` to rounding.
"""

import collections
import sys

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr
from weightedroc.engine import core, many
from weightedroc.inference import grouped_delong
from weightedroc.inference.grouped_delong import group_influence, group_variances


def counted(call):
    """(result, {"sorts": n}) of `call()`: calls of the grouped sort, of
    `stable_order`, and of `_by_group_and_guess` without an order."""
    counts = collections.Counter(sorts=0)

    def hook(frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        if code in (many.sort_groups.__code__, core.stable_order.__code__):
            counts["sorts"] += 1
        elif code is grouped_delong._by_group_and_guess.__code__:
            counts["sorts"] += frame.f_locals["by_guess"] is None

    previous = sys.getprofile()
    sys.setprofile(hook)
    try:
        result = call()
    finally:
        sys.setprofile(previous)
    return result, dict(counts)


def frame(seed=0, n=600, groups=25, digits=None):
    rng = np.random.default_rng(seed)
    guess = rng.normal(size=n)
    if digits is not None:
        guess = np.round(guess, digits)
    data = pd.DataFrame(
        {
            "g": guess,
            "y": rng.integers(0, 2, n),
            "user": rng.integers(0, groups, n),
            "w": rng.uniform(0.2, 4.0, n),
            "school": rng.integers(0, 10, n),
            "stratum": rng.integers(0, 3, n),
        }
    )
    data["school"] += 100 * data["stratum"]
    data.loc[data["user"] == 3, "y"] = 1  # a group with one label: skipped
    return data


CALLS = {
    "delong": {},
    "between": {"interval": "between"},
    "linearization": {"design": "design", "group_weight": "weight"},
    "JKn": {"design": "design", "replicates": "JKn", "group_weight": "positive_weight"},
    "bootstrap replicates": {
        "design": "design",
        "replicates": "bootstrap",
        "n_boot": 20,
        "group_weight": "weight",
    },
}


@pytest.mark.parametrize("direction", ["<", ">"])
@pytest.mark.parametrize("weight", [None, "w"])
@pytest.mark.parametrize("name", list(CALLS))
def test_one_sort_per_call(name, weight, direction):
    data = frame()
    kw = dict(CALLS[name])
    if kw.get("design") == "design":
        kw["design"] = wr.SurveyDesign(cluster="school", strata="stratum", data=data)
    found, counts = counted(
        lambda: wr.group_auc(data, "g", "y", weight, by="user", direction=direction, seed=1, **kw)
    )
    assert counts == {"sorts": 1}
    assert found.n_groups == 24 and found.n_skipped == 1
    assert np.isfinite(found.std_error) and found.conf_low < found.estimate < found.conf_high


def test_the_hook_sees_a_second_sort():
    data = frame()
    codes = data["user"].to_numpy()
    guess, positive = data["g"].to_numpy(), data["y"].to_numpy(bool)
    _, counts = counted(lambda: group_variances(codes, 25, guess, positive, None))
    assert counts == {"sorts": 1}


def _orders(data):
    """(codes, size, guess, positive, weight, an order by guess within each
    group from `engine.many`'s sort)."""
    codes = data["user"].to_numpy()
    size = int(codes.max()) + 1
    guess, positive, weight = (
        data["g"].to_numpy(),
        data["y"].to_numpy(bool),
        data["w"].to_numpy(),
    )
    rows = many.sort_groups(guess, positive, weight, codes, size)
    return codes, size, guess, positive, weight, rows.order


@pytest.mark.parametrize("seed", range(6))
def test_without_ties_the_given_order_gives_the_same_bits(seed):
    codes, size, guess, positive, weight, order = _orders(frame(seed))
    for w in (None, weight):
        for weights_are in ("importance", "frequency") if w is None else ("importance",):
            mine = group_variances(codes, size, guess, positive, w, weights_are, by_guess=order)
            fresh = group_variances(codes, size, guess, positive, w, weights_are)
            for a, b in zip(mine, fresh):
                np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(
            group_influence(codes, size, guess, positive, w, order)[1],
            group_influence(codes, size, guess, positive, w)[1],
        )


@pytest.mark.filterwarnings("ignore:importance weights concentrated:UserWarning")
@pytest.mark.parametrize("seed", range(4))
def test_with_ties_each_group_is_its_auc_var(seed):
    data = frame(seed, n=400, groups=6, digits=1)
    codes, size, guess, positive, weight, order = _orders(data)
    found = group_variances(codes, size, guess, positive, weight, by_guess=order)
    for k in range(size):
        mine = codes == k
        if positive[mine].all() or not positive[mine].any():
            assert np.isnan(found.variance[k])
            continue
        expected = wr.auc_var(guess[mine], positive[mine], weight[mine])
        assert found.variance[k] == pytest.approx(expected, rel=1e-12)
