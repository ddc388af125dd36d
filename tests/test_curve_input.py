"""One input rule: every public function that reads a ROC curve takes the
frame WeightedROC returns or its inputs as a tuple, with the same result.

The functions are found by introspection (a parameter named ``roc`` in
``weightedroc.__all__`` and in ``weightedroc.plots``), so a new function
joins the test by itself; one that needs more arguments must be given them
in `ARGUMENTS`, or the test fails and says so.
"""

import dataclasses
import inspect
import math

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr
import weightedroc.plots

GUESS = [0.1, 0.4, 0.4, 0.35, 0.8, 0.8, 0.9, -0.2]
LABEL = [0, 0, 1, 1, 0, 1, 1, 0]
WEIGHT = [1.0, 2.0, 0.5, 1.5, 1.0, 3.0, 0.25, 2.0]

#: Required arguments beyond `roc`.
ARGUMENTS = {
    "threshold_cost": {"cost_fp": 1.0, "cost_fn": 2.0},
    "measures": {"names": ["tpr", "fpr", "mcc", "f_meas"]},
    "pr_auc": {"method": "trapezoid"},  # without it, 1.x warns of 2.0's default
    "cost_plot": {"cost_fp": 1.0, "cost_fn": 2.0},
    "measure_plot": {"y": "mcc"},
    "se_band_plot": None,  # roc is the curve drawn over a ci_se band (its own test)
    "agreement_frame": None,  # compares several curves: a dict, never one tuple
    "agreement_plot": None,
    "multiclass_roc_plot": None,  # draws multiclass_roc's frame, not a WeightedROC curve
}


def _plots():
    names = [n for n in dir(weightedroc.plots) if not n.startswith("_")]
    return [(n, getattr(weightedroc.plots, n)) for n in names]


def _takes_roc(function):
    if isinstance(function, type) or not callable(function):
        return False
    try:
        return "roc" in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


CURVE_READERS = sorted(
    {
        (name, function)
        for name, function in [(n, getattr(wr, n)) for n in wr.__all__] + _plots()
        if _takes_roc(function)
    },
    key=lambda item: item[0],
)


def test_the_introspection_finds_the_curve_readers():
    found = {name for name, _ in CURVE_READERS}
    assert {
        "WeightedAUC",
        "partial_auc",
        "cost_auc",
        "best_threshold",
        "roc_convex_hull",
        "min_risk",
        "coords",
        "measures",
        "pr_auc",
        "prbe",
        "equal_error_rate",
        "cost_curve",
        "gain_curve",
        "lift_curve",
        "det_curve",
        "roc_plot",
        "hull_plot",
    } <= found


def _required(function):
    return [
        name
        for name, p in inspect.signature(function).parameters.items()
        if name != "roc"
        and p.default is inspect.Parameter.empty
        and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]


def _same(a, b, where="result"):
    """Equal bit for bit (NaN equal to NaN), through frames, Series,
    dataclasses, tuples and plots."""
    if type(a).__name__ == "ggplot":
        assert type(b).__name__ == "ggplot", where
        _same(a.data, b.data, f"{where}.data")
        assert len(a.layers) == len(b.layers), where
        for i, (la, lb) in enumerate(zip(a.layers, b.layers)):
            if isinstance(la._data, pd.DataFrame):
                _same(la._data, lb._data, f"{where}.layers[{i}].data")
        return
    if isinstance(a, pd.DataFrame):
        pd.testing.assert_frame_equal(a, b, check_exact=True, obj=where)
    elif isinstance(a, pd.Series):
        pd.testing.assert_series_equal(a, b, check_exact=True, obj=where)
    elif dataclasses.is_dataclass(a):
        assert type(a) is type(b), where
        for f in dataclasses.fields(a):
            _same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, float):
        assert isinstance(b, float) and (a == b or (math.isnan(a) and math.isnan(b))), where
        assert math.copysign(1, a) == math.copysign(1, b), where
    else:
        assert a == b, where


@pytest.mark.parametrize("name, function", CURVE_READERS, ids=[n for n, _ in CURVE_READERS])
def test_frame_and_tuple_give_the_same_result(name, function):
    if ARGUMENTS.get(name, {}) is None:
        pytest.skip(f"{name}'s roc is not one WeightedROC curve (see ARGUMENTS)")
    if name.endswith("_plot"):
        pytest.importorskip("plotnine")
    extra = dict(ARGUMENTS.get(name, {}))
    missing = [p for p in _required(function) if p not in extra]
    assert not missing, f"{name} needs {missing}: add them to ARGUMENTS"
    data = (GUESS, LABEL, WEIGHT)
    from_frame = function(wr.WeightedROC(*data), **extra)
    from_tuple = function(data, **extra)
    _same(from_frame, from_tuple, name)
    if "direction" in inspect.signature(function).parameters:
        flipped = function(wr.WeightedROC(*data, direction=">"), **extra)
        _same(flipped, function(data, direction=">", **extra), f"{name} direction='>'")


@pytest.mark.parametrize("name, function", CURVE_READERS, ids=[n for n, _ in CURVE_READERS])
def test_anything_else_names_the_function_and_both_forms(name, function):
    if ARGUMENTS.get(name, {}) is None:
        pytest.skip(f"{name}'s roc is not one WeightedROC curve (see ARGUMENTS)")
    if name.endswith("_plot"):
        pytest.importorskip("plotnine")
    extra = dict(ARGUMENTS.get(name, {}))
    called = "WeightedAUC" if name == "weighted_auc" else name
    for wrong in ([0.1, 0.2], np.array([[1.0, 0.0], [0.0, 1.0]]), "roc"):
        with pytest.raises(TypeError) as caught:
            function(wrong, **extra)
        message = str(caught.value)
        assert f"{called}()" in message
        assert "WeightedROC" in message and "(guess, label, weight)" in message


def test_weighted_auc_keeps_r_words_for_a_non_frame():
    with pytest.raises(TypeError, match=r"is\.data\.frame\(tpr\.fpr\) is not TRUE"):
        wr.WeightedAUC({"TPR": [1, 0], "FPR": [1, 0]})


def test_frame_checks_keep_r_words():
    roc = wr.WeightedROC(GUESS, LABEL, WEIGHT)
    with pytest.raises(ValueError, match="not in WeightedROC's order"):
        wr.partial_auc(roc.iloc[::-1])
    with pytest.raises(ValueError, match="roc has no column 'FN'"):
        wr.best_threshold(roc.drop(columns="FN"))


def test_positive_and_direction_belong_to_the_tuple():
    roc = wr.WeightedROC(GUESS, LABEL, WEIGHT)
    with pytest.raises(ValueError, match=r"partial_auc\(\): positive= and direction= apply"):
        wr.partial_auc(roc, direction=">")


def test_a_tuple_is_validated_and_sorted_once(monkeypatch):
    """One validation and one sort per call: the tuple is cumulated once."""
    import weightedroc.engine.curve_input as curve_input

    calls = []
    real = curve_input.cumulate

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(curve_input, "cumulate", counted)
    wr.min_risk((GUESS, LABEL, WEIGHT))
    wr.lift_curve((GUESS, LABEL, WEIGHT))
    assert len(calls) == 2


def test_weighted_auc_of_a_tuple_is_auc_score():
    data = (GUESS, LABEL, WEIGHT)
    assert wr.WeightedAUC(data) == wr.auc_score(*data)
    assert wr.WeightedAUC(data, direction=">") == wr.auc_score(*data, direction=">")
