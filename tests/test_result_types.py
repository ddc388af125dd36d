"""Result objects of the curves, metrics and decisions: frozen dataclasses
that print readably; the NamedTuples they replaced still unpack, with a
FutureWarning; `best_threshold` is the first row of ``coords(x="best")``."""

import dataclasses

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import weightedroc as wr
from weightedroc.curves.areas import CostAUC
from weightedroc.decisions import MinRisk
from weightedroc.decisions.cost_curves import CostCurve

DATA = ([1, 2, 3, 4, 4, 5], [0, 1, 0, 1, 0, 1], [1, 1, 2, 2, 1, 3])


def _results():
    roc = wr.WeightedROC(*DATA)
    return {
        MinRisk: wr.min_risk(roc, prevalence=0.4, cost_fn=2),
        CostAUC: wr.cost_auc(roc, cost_fp=1, cost_fn=3),
        CostCurve: wr.cost_curve(roc),
    }


@pytest.mark.parametrize("kind", [MinRisk, CostAUC, CostCurve], ids=lambda k: k.__name__)
def test_results_are_frozen_dataclasses(kind):
    result = _results()[kind]
    assert type(result) is kind and dataclasses.is_dataclass(result)
    name = dataclasses.fields(result)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(result, name, 0)
    assert repr(result).startswith(f"{kind.__name__}(")


@pytest.mark.parametrize("kind", [MinRisk, CostAUC, CostCurve], ids=lambda k: k.__name__)
def test_tuple_unpacking_still_works_with_a_future_warning(kind):
    result = _results()[kind]
    fields = [getattr(result, f.name) for f in dataclasses.fields(result)]
    with pytest.warns(FutureWarning, match=f"unpacking or indexing a {kind.__name__}"):
        unpacked = list(result)
    with pytest.warns(FutureWarning):
        first = result[0]
    assert len(result) == len(fields)
    for got, want in zip([*unpacked, first], [*fields, fields[0]]):
        if isinstance(want, pd.DataFrame):
            assert got is want
        else:
            assert got == want


def test_cost_curve_prints_its_sizes_not_its_frames():
    curve = wr.cost_curve(wr.WeightedROC(*DATA))
    assert repr(curve) == (
        f"CostCurve(lines: {len(curve.lines)} rows (one line per threshold), "
        f"envelope: {len(curve.envelope)} points)"
    )


def test_min_risk_old_attribute_names_warn():
    risk = _results()[MinRisk]
    with pytest.warns(FutureWarning, match=r"MinRisk\.p_target is deprecated"):
        assert risk.p_target == risk.prevalence == 0.4


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 4), st.booleans(), st.integers(1, 3)), min_size=2, max_size=20
    ).filter(lambda rows: len({label for _, label, _ in rows}) == 2),
    st.sampled_from(["youden", "closest.topleft"]),
)
def test_best_threshold_is_the_first_of_coords_best_ties(rows, method):
    """The tie rule, as each function's first paragraph says: coords lists
    every tied row, best_threshold returns the first of them."""
    guess, label, weight = (np.array(column) for column in zip(*rows))
    roc = wr.WeightedROC(guess.astype(float), label, weight.astype(float))
    every = wr.coords(roc, "best", ret=["threshold", "tp", "fp"], best_method=method)
    first = wr.coords(roc, "best", ret=["threshold"], best_method=method, ties="first")
    best = wr.best_threshold(roc, method)
    assert best["threshold"] == every["threshold"].iloc[0] == first["threshold"].iloc[0]
    assert len(first) == 1 and len(every) >= 1
