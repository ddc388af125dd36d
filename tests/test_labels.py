"""Text labels are never silent: one LabelWarning per call, at the caller's line.

Without ``positive=``, text labels take R's rule (levels sorted as
``factor()`` sorts them, the second positive) and a `LabelWarning` names the
class taken as positive and how to choose.  Each public call warns at most
once, however many times it reads the labels (groups, two curves,
replicates); with ``positive=``, numbers, booleans and Categoricals it says
nothing.  The AUCs are checked against scikit-learn's with the positive
class spelled out.
"""

import io
import sys
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import roc_auc_score
from test_cli import run_cli

import weightedroc as wr
from weightedroc import LabelWarning
from weightedroc.metrics.coordinates import coords
from weightedroc.metrics.threshold_measures import measures

MESSAGE = (
    "label has 2 text values: 'control' is taken as positive and 'case' as negative "
    "(the second in sorted order, as R's factor() makes levels); pass "
    "positive='control' to keep this or positive='case' for the other"
)

RNG = np.random.default_rng(21)
N = 80
GUESS = RNG.random(N)
GUESS2 = GUESS + RNG.normal(0, 0.3, N)
IS_CASE = RNG.random(N) < GUESS  # higher guesses are more often cases
LABEL = np.where(IS_CASE, "case", "control")
WEIGHT = RNG.integers(1, 4, N).astype(float)
FRAME = pd.DataFrame(
    {"g": GUESS, "y": LABEL, "w": WEIGHT, "k": RNG.integers(0, 3, N), "g2": GUESS2}
)


def _calls(label, **positive):
    """Every public entry point that takes labels, on `label`."""
    g, g2, w = GUESS, GUESS2, WEIGHT
    frame = FRAME.assign(y=label)
    return {
        "WeightedROC": lambda: wr.WeightedROC(g, label, w, **positive),
        "weighted_roc": lambda: wr.weighted_roc(g, label, w, **positive),
        "auc_score": lambda: wr.auc_score(g, label, w, **positive),
        "weighted_pr": lambda: wr.weighted_pr(g, label, w, **positive),
        "average_precision": lambda: wr.average_precision(g, label, w, **positive),
        "auc_ci": lambda: wr.auc_ci(g, label, w, **positive),
        "auc_ci bootstrap": lambda: wr.auc_ci(
            g, label, w, method="bootstrap", n_boot=30, seed=1, **positive
        ),
        "auc_var": lambda: wr.auc_var(g, label, w, **positive),
        "auc_cov": lambda: wr.auc_cov(g, g2, label, w, **positive),
        "roc_test": lambda: wr.roc_test(g, g2, label, w, **positive),
        "roc_test label2": lambda: wr.roc_test(g, (g2, label.copy(), w), label, w, **positive),
        "roc_test unpaired": lambda: wr.roc_test(
            g, (g2[:60], label[:60], w[:60]), label, w, **positive
        ),
        "roc_test bootstrap": lambda: wr.roc_test(
            g, g2, label, w, method="bootstrap", n_boot=20, seed=1, **positive
        ),
        "ci_se": lambda: wr.ci_se(g, label, w, n_boot=20, seed=1, **positive),
        "ci_sp": lambda: wr.ci_sp(g, label, w, n_boot=20, seed=1, **positive),
        "roc_table": lambda: wr.roc_table(frame, "g", "y", "w", by="k", **positive),
        "auc_table": lambda: wr.auc_table(frame, "g", "y", "w", by="k", **positive),
        "auc_table ci": lambda: wr.auc_table(frame, "g", "y", "w", by="k", ci=True, **positive),
        "measures": lambda: measures((g, label, w), ["tpr"], **positive),
        "coords": lambda: coords((g, label, w), **positive),
    }


CALLS = list(_calls(LABEL))


def _label_warnings(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    return [w for w in caught if issubclass(w.category, LabelWarning)]


@pytest.mark.parametrize("name", CALLS)
def test_text_labels_warn_once_at_the_callers_line(name):
    call = _calls(LABEL)[name]
    caught = _label_warnings(call)
    assert [str(w.message) for w in caught] == [MESSAGE]
    assert caught[0].filename == __file__  # the user's line, not the package's
    assert (caught[0].message.positive, caught[0].message.negative) == ("control", "case")


@pytest.mark.parametrize("name", CALLS)
def test_positive_silences_the_warning(name):
    assert _label_warnings(_calls(LABEL, positive="case")[name]) == []


@pytest.mark.parametrize(
    "label",
    [
        IS_CASE,  # booleans
        IS_CASE.astype(int),  # numbers
        np.where(IS_CASE, 1, -1).astype(float),
        pd.Categorical(LABEL, categories=["control", "case"]),  # an explicit order
        pd.Series(LABEL, dtype="category"),
    ],
    ids=["bool", "int", "float", "Categorical", "category Series"],
)
@pytest.mark.parametrize("name", CALLS)
def test_numbers_booleans_and_categoricals_never_warn(name, label):
    assert _label_warnings(_calls(label)[name]) == []


def test_warning_keeps_r_numbers_and_says_how_to_choose():
    """R's AUC (control positive: 0.2-ish here) is kept, as the message says."""
    with pytest.warns(LabelWarning, match="'control' is taken as positive") as caught:
        taken = wr.auc_score(GUESS, LABEL, WEIGHT)
    assert len(caught) == 1
    assert taken == pytest.approx(
        roc_auc_score(LABEL == "control", GUESS, sample_weight=WEIGHT), abs=1e-15
    )
    chosen = wr.auc_score(GUESS, LABEL, WEIGHT, positive="case")
    assert chosen == pytest.approx(
        roc_auc_score(LABEL == "case", GUESS, sample_weight=WEIGHT), abs=1e-15
    )
    assert taken < 0.5 < chosen and taken + chosen == pytest.approx(1, abs=1e-15)


def test_each_call_warns_again_under_always():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(3):
            wr.auc_score(GUESS, LABEL)
    assert len(caught) == 3


@pytest.mark.parametrize(
    "label, positive, negative",
    [
        (pd.Series(LABEL, dtype="string"), "control", "case"),
        (list(LABEL), "control", "case"),
        (np.where(IS_CASE, "Poor", "Good").astype(object), "Poor", "Good"),
        (np.where(IS_CASE, b"yes", b"no"), "yes", "no"),
    ],
    ids=["pandas string", "list", "object", "bytes"],
)
def test_every_text_container_warns(label, positive, negative):
    with pytest.warns(LabelWarning) as caught:
        wr.WeightedROC(GUESS, label)
    assert len(caught) == 1
    assert (caught[0].message.positive, caught[0].message.negative) == (positive, negative)


def test_polars_and_arrow():
    pl = pytest.importorskip("polars")
    pa = pytest.importorskip("pyarrow")
    with pytest.warns(LabelWarning, match="'control' is taken as positive"):
        wr.WeightedROC(GUESS, pl.Series(LABEL))  # text
    with pytest.warns(LabelWarning, match="'control' is taken as positive"):
        wr.WeightedROC(GUESS, pl.Series(LABEL, dtype=pl.Categorical))  # no order: text
    factors = [
        pl.Series(LABEL, dtype=pl.Enum(["control", "case"])),
        pa.array(LABEL).dictionary_encode(),
    ]
    for label in factors:  # a category order: a factor, silent
        assert _label_warnings(lambda label=label: wr.WeightedROC(GUESS, label)) == []
    table = pl.DataFrame({"g": GUESS, "y": LABEL, "k": FRAME.k.to_numpy()})
    assert len(_label_warnings(lambda: wr.auc_table(table, "g", "y", by="k"))) == 1


def _dask_calls(ddf):
    """(curve, AUC) of the Dask module: roc_table/auc_table, or before 1.0
    weighted_roc/weighted_auc."""
    import weightedroc.dask as on_dask

    columns = {"guess": "g", "label": "y", "weight": "w"}
    if hasattr(on_dask, "auc_table"):
        return (
            lambda **positive: on_dask.roc_table(ddf, **columns, **positive).compute(),
            lambda **positive: float(on_dask.auc_table(ddf, **columns, **positive)["auc"].iloc[0]),
        )
    return (
        lambda **positive: on_dask.weighted_roc(ddf, **columns, **positive).compute(),
        lambda **positive: on_dask.weighted_auc(ddf, **columns, **positive),
    )


def test_dask_warns_once_and_takes_positive():
    dd = pytest.importorskip("dask.dataframe")
    curve, auc = _dask_calls(dd.from_pandas(FRAME, npartitions=4))
    for call in (curve, auc):
        caught = _label_warnings(call)
        assert [str(w.message) for w in caught] == [MESSAGE]
        assert caught[0].filename == __file__
    assert auc(positive="case") == wr.auc_score(GUESS, LABEL, WEIGHT, positive="case")
    assert _label_warnings(lambda: auc(positive="case")) == []


def test_sklearn_scorer_uses_classes_and_is_silent():
    from sklearn.linear_model import LogisticRegression

    from weightedroc.sklearn import scorer

    X = GUESS.reshape(-1, 1)
    model = LogisticRegression().fit(X, LABEL)  # classes_[1] = "control"
    caught = _label_warnings(lambda: scorer("auc")(model, X, LABEL))
    assert caught == []


def test_a_nested_scope_warns_once_and_a_quiet_one_never():
    from weightedroc.engine.validation import check_label, no_label_warning, one_label_warning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with one_label_warning():
            check_label(LABEL)
            with one_label_warning():
                check_label(LABEL)
            check_label(LABEL)
        check_label(LABEL)  # outside: a new call, a new warning
        with no_label_warning():
            check_label(LABEL)
        with one_label_warning():
            with no_label_warning():
                check_label(LABEL)
            check_label(LABEL)  # the scope's first warning
    assert len(caught) == 3


def test_the_scope_leaves_other_warnings_at_the_callers_line():
    """The scope is a with block, not a decorator: no frame is added, so the
    test's other warnings still point at the caller."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        wr.roc_test(GUESS, GUESS2, LABEL, paired=False)
    kinds = {w.category: w for w in caught}
    assert set(kinds) == {LabelWarning, UserWarning}
    assert "seem to be paired" in str(kinds[UserWarning].message)
    assert {w.filename for w in caught} == {__file__}


# -- the command line ----------------------------------------------------------

CSV = FRAME[["g", "y", "w"]].to_csv(index=False)
CLI_MESSAGE = (
    "weightedroc: warning: column 'y' has 2 text values: 'control' is taken as positive "
    "and 'case' as negative (the second in sorted order, as R's factor() makes levels); "
    "say --positive control to keep this or --positive case for the other\n"
)


@pytest.mark.parametrize("command", ["roc", "auc"])
def test_command_line_warns_on_one_line_and_succeeds(command):
    result = run_cli(command, "-", "--guess", "g", "--label", "y", "--weight", "w", stdin=CSV)
    assert result.returncode == 0
    assert result.stderr == CLI_MESSAGE
    expected = wr.auc_score(GUESS, LABEL == "control", WEIGHT)
    if command == "auc":
        assert float(result.stdout.splitlines()[1].split(",")[0]) == expected


def test_command_line_by_groups_warns_once():
    text = FRAME[["k", "g", "y"]].to_csv(index=False)
    result = run_cli("auc", "-", "--guess", "g", "--label", "y", "--by", "k", stdin=text)
    assert result.returncode == 0 and result.stderr == CLI_MESSAGE


@pytest.mark.parametrize(
    "text",
    [CSV, CSV.replace("control", "0").replace("case", "1")],
    ids=["--positive", "numbers"],
)
def test_command_line_is_silent_with_positive_or_numbers(text):
    positive = ["--positive", "case"] if "case" in text else []
    result = run_cli("auc", "-", "--guess", "g", "--label", "y", *positive, stdin=text)
    assert result.returncode == 0 and result.stderr == ""
    assert float(result.stdout.splitlines()[1].split(",")[0]) == wr.auc_score(GUESS, IS_CASE)


def test_label_values_with_spaces_are_quoted_for_the_shell(monkeypatch, capsys):
    from weightedroc.io.cli import main

    text = CSV.replace("control", "no event").replace("case", "event")
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["auc", "-", "--guess", "g", "--label", "y"]) == 0
    err = capsys.readouterr().err
    assert err.endswith(
        "say --positive 'no event' to keep this or --positive event for the other\n"
    )
