"""positive= and direction= in the one cumulated pass."""

import numpy as np
import pytest

from weightedroc.curves.roc import curve_frame
from weightedroc.engine.core import cumulate

G = np.array([1, 2, 3, 1, 1.0])
W = [1, 1, 1, 4, 5]


def test_direction_greater_is_the_negated_guesses_with_user_thresholds():
    flipped = curve_frame(cumulate(G, [-1, -1, 1, 1, 1], W, direction=">"))
    negated = curve_frame(cumulate(-G, [-1, -1, 1, 1, 1], W))
    assert flipped.drop(columns="threshold").equals(negated.drop(columns="threshold"))
    assert flipped["threshold"].tolist() == [3.0, 2.0, 1.0, -np.inf]


@pytest.mark.parametrize(
    "label, positive",
    [
        (["a", "a", "b", "b", "b"], "a"),
        ([0, 0, 1, 1, 1], 0),
        ([True, True, False, False, False], True),
        (np.array([2, 2, 7, 7, 7]), 2),
    ],
)
def test_positive_names_the_event(label, positive):
    frame = curve_frame(cumulate(G, label, W, positive=positive))
    expected = curve_frame(cumulate(G, [1, 1, -1, -1, -1], W))
    assert frame.equals(expected)


def test_bad_direction_and_positive_say_what_is_expected():
    with pytest.raises(ValueError, match="never guessed"):
        cumulate(G, [0, 0, 1, 1, 1], direction="auto")
    with pytest.raises(
        ValueError, match=r"positive='c' is not a label value: the labels are \['a', 'b'\]"
    ):
        cumulate(G, ["a", "a", "b", "b", "b"], positive="c")
    with pytest.raises(ValueError, match="exactly 2 distinct values"):
        cumulate(G, [0, 1, 2, 1, 1], positive=1)


# Every public function that takes raw inputs, with its thresholds (if any)
# in a column of its result.
import pandas as pd  # noqa: E402
from hardcases import build, recipes  # noqa: E402
from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from plain import same_bits  # noqa: E402
from test_weight_scale import delong_outputs  # noqa: E402

import weightedroc as wr  # noqa: E402
from weightedroc.inference.resampling import bootstrap_test, venkatraman_test  # noqa: E402


def _results(guess, label, weight, **options):
    frame = pd.DataFrame({"g": guess, "y": label, "w": weight, "m": np.arange(len(guess)) % 2})
    frame = frame[frame.groupby("m")["y"].transform("nunique") == 2]
    found = {
        "WeightedROC": wr.WeightedROC(guess, label, weight, **options),
        "auc_score": wr.auc_score(guess, label, weight, **options),
        "weighted_pr": wr.weighted_pr(guess, label, weight, **options),
        "average_precision": wr.average_precision(guess, label, weight, **options),
        "auc_ci": wr.auc_ci(
            guess, label, weight, method="bootstrap", n_boot=20, seed=1, **options
        ).conf_low,
        "ci_se": wr.ci_se(guess, label, weight, n_boot=10, seed=1, **options),
        "ci_sp": wr.ci_sp(guess, label, weight, n_boot=10, seed=1, **options),
    }
    other = np.trunc(np.asarray(guess, dtype=float) / 2)  # odd: negating guess negates it
    for test in (bootstrap_test, venkatraman_test):
        result = test(guess, other, label, weight, n_boot=10, seed=1, **options)
        found[test.__name__] = (result.statistic, result.p_value)
    data = (guess, label, weight)
    found.update(
        {
            "measures": wr.measures(data, ["acc", "mcc", "tp", "kap", "f"], **options),
            "coords all": wr.coords(data, "all", ret="all", **options),
            "coords best": wr.coords(data, "best", **options),
            "coords local maximas": wr.coords(data, "local maximas", **options),
            "coords sensitivity": wr.coords(data, [0.3, 0.7], input="sensitivity", **options),
            "cost_curve": wr.cost_curve(data, **options).lines,
            "cost_curve envelope": wr.cost_curve(data, **options).envelope,
            "gain_curve": wr.gain_curve(data, **options),
            "lift_curve": wr.lift_curve(data, **options),
            "det_curve": wr.det_curve(data, **options),
            "equal_error_rate": wr.equal_error_rate(data, **options),
            "pr_auc": wr.pr_auc(data, method="trapezoid", **options),
        }
    )
    if len(np.unique(guess[np.isfinite(guess)])) > 1:  # ROCR's error below two finite ones
        found["prbe"] = wr.prbe(data, **options)
    if len(frame):
        found["roc_table"] = wr.roc_table(frame, "g", "y", "w", by="m", **options)
        found["auc_table"] = wr.auc_table(frame, "g", "y", "w", by="m", **options)
    found.update(delong_outputs(guess, label, weight, **options))
    return found


def _assert_same(found, expected, flip_thresholds=False):
    assert found.keys() == expected.keys()
    for name, value in found.items():
        other = expected[name]
        if isinstance(value, pd.DataFrame):
            assert list(value.columns) == list(other.columns), name
            for column in value.columns:
                a, b = value[column].to_numpy(), other[column].to_numpy()
                if flip_thresholds and column == "threshold":
                    a = np.where(np.isnan(a), a, -a)  # NaN: interpolated, no threshold
                assert same_bits(a, b) if a.dtype.kind == "f" else list(a) == list(b), (
                    name,
                    column,
                )
        else:
            assert same_bits(value, other), name


@pytest.mark.deep  # slow: in make test-deep (CI runs both)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(recipes(max_segment=200))
def test_direction_greater_is_negation_for_every_function(recipe):
    guess, positive, weight = build(recipe)
    weight = np.ones(len(guess)) if weight is None else weight
    label = np.where(positive, 1, -1)
    _assert_same(
        _results(guess, label, weight, direction=">"),
        _results(-guess, label, weight),
        flip_thresholds=True,
    )


# Guesses -inf and 0: two distinct guesses, one finite threshold (prbe raises).
ONE_FINITE = {
    "segments": [("infinities", 1, 0, 0)],
    "edges": [],
    "size": None,
    "arrangement": "as_built",
    "weights": "none",
    "prevalence": 0.5,
    "seed": 255,
}


@pytest.mark.deep  # slow: in make test-deep (CI runs both)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(recipes(max_segment=200))
@example(recipe=ONE_FINITE)
def test_positive_relabels_for_every_function(recipe):
    guess, positive, weight = build(recipe)
    weight = np.ones(len(guess)) if weight is None else weight
    names = np.where(positive, "event", "none")  # R's rules would make "none" positive
    _assert_same(
        _results(guess, names, weight, positive="event"),
        _results(guess, np.where(positive, 1, 0), weight),
    )
    cat = pd.Categorical(names, categories=["event", "none"])
    _assert_same(
        _results(guess, cat, weight, positive="event"),
        _results(guess, np.where(positive, 1, 0), weight),
    )
