"""coords() and measures() against live pROC and ROCR (through rpy2).

Unit weights: every value equal to R's within 1e-12; integer weights: equal
to R's on the rows repeated that many times.  Each test skips, with the
reason, when R, rpy2, pROC or ROCR is missing.
"""

import numpy as np
import pytest

import weightedroc as wr
from weightedroc import rbridge

from .test_live_r import need_r

PROC_COORDS = """
function(guess, label, x, input, ret, best.method, best.weights) {
  r <- pROC::roc(label, guess, levels = c(0, 1), direction = "<", quiet = TRUE)
  res <- pROC::coords(r, x, input = input, ret = ret, best.method = best.method,
                      best.weights = best.weights)
  as.data.frame(res)
}"""

ROCR_PERF = """
function(guess, label, measure, extra) {
  pred <- ROCR::prediction(guess, label)
  perf <- do.call(ROCR::performance, c(list(pred, measure), as.list(extra)))
  data.frame(x = perf@x.values[[1]], y = perf@y.values[[1]])
}"""


def proc_coords(
    guess, label, x="all", input="threshold", ret="all", best_method="youden", best_weights=(1, 0.5)
):
    from rpy2.robjects.vectors import FloatVector, StrVector

    x = StrVector([x]) if isinstance(x, str) else FloatVector(np.atleast_1d(x).tolist())
    ret = StrVector([ret] if isinstance(ret, str) else list(ret))
    result = rbridge._r_function(PROC_COORDS)(
        rbridge._r_numeric(guess),
        rbridge._r_numeric(label),
        x,
        input,
        ret,
        best_method,
        FloatVector(list(best_weights)),
    )
    return rbridge._frame(result)


def rocr_performance(guess, label, measure, **extra):
    from rpy2.robjects.vectors import ListVector

    extra = ListVector({k: float(v) for k, v in extra.items()})
    result = rbridge._r_function(ROCR_PERF)(
        rbridge._r_numeric(guess), rbridge._r_numeric(label), measure, extra
    )
    return rbridge._frame(result)


def datasets():
    """(name, guess, 0/1 label, integer weight) on which to compare."""
    asah = wr.load_asah()
    rng = np.random.default_rng(5)
    found = [
        (
            "aSAH s100b",
            asah["s100b"].to_numpy(),
            (asah["outcome"] == "Poor").to_numpy().astype(int),
            None,
        )
    ]
    for seed in range(3):
        n = [30, 200, 1000][seed]
        guess = np.round(rng.normal(size=n), 1)  # many ties
        label = (rng.random(n) < 0.4).astype(int)
        label[:2] = [0, 1]
        found.append((f"ties {seed}", guess, label, rng.integers(1, 4, n).astype(float)))
    return found


DATA = datasets()


def _repeated(guess, label, weight):
    if weight is None:
        return guess, label
    times = weight.astype(int)
    return np.repeat(guess, times), np.repeat(label, times)


def _close(ours, theirs, columns):
    for column in columns:
        np.testing.assert_allclose(
            ours[column].to_numpy(),
            theirs[column].to_numpy(),
            rtol=1e-12,
            atol=1e-12,
            err_msg=column,
        )


@pytest.mark.parametrize("case", DATA, ids=[d[0] for d in DATA])
@pytest.mark.parametrize("weighted", [False, True], ids=["unit", "integer"])
def test_coords_all_ret_all_equals_proc(case, weighted):
    need_r("pROC")
    _, guess, label, weight = case
    weight = weight if weighted else None
    theirs = proc_coords(*_repeated(guess, label, weight))
    ours = wr.coords((guess, label, weight), "all", ret="all")
    assert list(ours.columns) == list(theirs.columns)
    _close(ours, theirs, [c for c in ours.columns if c != "threshold"])
    # pROC's thresholds are the midpoints between our rows' guesses
    g = ours["threshold"].to_numpy()
    expected = np.concatenate(([-np.inf], (g[:-2] + g[1:-1]) / 2, [np.inf]))
    np.testing.assert_allclose(theirs["threshold"].to_numpy(), expected, rtol=1e-15)


@pytest.mark.parametrize("case", DATA, ids=[d[0] for d in DATA])
@pytest.mark.parametrize("method", ["youden", "closest.topleft"])
@pytest.mark.parametrize("best_weights", [(1, 0.5), (2, 0.2), (0.5, 0.7)])
def test_coords_best_equals_proc(case, method, best_weights):
    need_r("pROC")
    _, guess, label, weight = case
    ret = ["specificity", "sensitivity", "tp", "fp", method]
    theirs = proc_coords(
        *_repeated(guess, label, weight),
        x="best",
        ret=ret,
        best_method=method,
        best_weights=best_weights,
    )
    ours = wr.coords(
        (guess, label, weight), "best", ret=ret, best_method=method, best_weights=best_weights
    )
    # pROC lists rows whose rounded criterion equals the maximum; ours are
    # the rows tied in exact counts: pROC's are among them, all truly tied.
    assert len(theirs) >= 1 and len(ours) >= len(theirs)
    merged = theirs.merge(ours, on=["tp", "fp"], suffixes=("_r", ""))
    assert len(merged) == len(theirs)
    for column in ["specificity", "sensitivity", method]:
        np.testing.assert_allclose(merged[column], merged[column + "_r"], rtol=1e-12)
    np.testing.assert_allclose(ours[method], ours[method].iloc[0], rtol=1e-12)


@pytest.mark.parametrize("case", DATA, ids=[d[0] for d in DATA])
def test_coords_local_maximas_equals_proc(case):
    need_r("pROC")
    _, guess, label, weight = case
    ret = ["specificity", "sensitivity", "tp", "tn"]
    theirs = proc_coords(*_repeated(guess, label, weight), x="local maximas", ret=ret)
    ours = wr.coords((guess, label, weight), "local maximas", ret=ret)
    assert len(ours) == len(theirs)
    _close(ours, theirs, ret)


@pytest.mark.parametrize("case", DATA, ids=[d[0] for d in DATA])
@pytest.mark.parametrize("input", ["sensitivity", "specificity", "fpr", "tp", "fn"])
def test_coords_interpolated_input_equals_proc(case, input):
    need_r("pROC")
    _, guess, label, weight = case
    every = wr.coords((guess, label, weight), "all", ret=[input])[input].to_numpy()
    x = np.unique(
        np.concatenate(
            (every[::3], np.linspace(every.min(), every.max(), 7), (every[1:4] + every[2:5]) / 2)
        )
    )
    ret = ["threshold", "specificity", "sensitivity", "accuracy", "ppv", "npv", "youden"]
    theirs = proc_coords(*_repeated(guess, label, weight), x=x, input=input, ret=ret)
    ours = wr.coords((guess, label, weight), x, input=input, ret=ret)
    _close(ours, theirs, ret[1:])
    # threshold NaN where pROC interpolates (pROC gives NA for every row of
    # inputs other than sensitivity and specificity; ours the row's threshold)
    interpolated = np.isnan(ours["threshold"]).to_numpy()
    if input in ("sensitivity", "specificity"):
        assert (interpolated == np.isnan(theirs["threshold"]).to_numpy()).all()
    else:
        assert np.isnan(theirs["threshold"]).all()
    assert 0 < interpolated.sum() < len(x)


@pytest.mark.parametrize("case", DATA, ids=[d[0] for d in DATA])
def test_coords_threshold_input_equals_proc(case):
    need_r("pROC")
    _, guess, label, weight = case
    x = np.concatenate((np.unique(guess)[::2], np.unique(guess)[:5] + 0.01, [-1e9, 1e9]))
    ret = ["threshold", "specificity", "sensitivity", "tp", "fp"]
    theirs = proc_coords(*_repeated(guess, label, weight), x=x, ret=ret)
    ours = wr.coords((guess, label, weight), x, ret=ret)
    _close(ours, theirs, ret)


ROCR_MEASURES = [
    "acc",
    "err",
    "fpr",
    "fall",
    "tpr",
    "rec",
    "sens",
    "fnr",
    "miss",
    "tnr",
    "spec",
    "ppv",
    "prec",
    "npv",
    "pcfall",
    "pcmiss",
    "rpp",
    "rnp",
    "phi",
    "mat",
    "mi",
    "chisq",
    "odds",
    "lift",
    "f",
    "cost",
]


@pytest.mark.parametrize("measure", ROCR_MEASURES)
def test_measures_equal_rocr_performance_on_rocr_simple(measure):
    need_r("ROCR")
    data = wr.load_rocr_simple()
    guess, label = data["predictions"].to_numpy(), data["labels"].to_numpy()
    extra = (
        {"alpha": 0.3}
        if measure == "f"
        else ({"cost.fp": 2.0, "cost.fn": 3.0} if measure == "cost" else {})
    )
    theirs = rocr_performance(guess, label, measure, **extra)
    params = (
        {"alpha": 0.3}
        if measure == "f"
        else ({"cost_fp": 2.0, "cost_fn": 3.0} if measure == "cost" else {})
    )
    ours = wr.measures((guess, label), measure, **params).iloc[::-1]
    # ROCR's cutoffs: Inf then the guesses descending, i.e. our rows reversed
    np.testing.assert_array_equal(ours["threshold"].to_numpy(), theirs["x"].to_numpy())
    np.testing.assert_allclose(
        ours[measure].to_numpy(), theirs["y"].to_numpy(), rtol=1e-12, atol=1e-12
    )


@pytest.mark.parametrize("case", DATA[1:], ids=[d[0] for d in DATA[1:]])
@pytest.mark.parametrize("measure", ["acc", "phi", "mi", "chisq", "odds", "lift", "f"])
def test_measures_integer_weights_equal_rocr_on_repeated_rows(case, measure):
    need_r("ROCR")
    _, guess, label, weight = case
    theirs = rocr_performance(*_repeated(guess, label, weight), measure)
    ours = wr.measures((guess, label, weight), measure).iloc[::-1]
    np.testing.assert_allclose(
        ours[measure].to_numpy(), theirs["y"].to_numpy(), rtol=1e-12, atol=1e-12
    )


def test_prbe_and_ecost_equal_rocr_on_rocr_simple():
    need_r("ROCR")
    data = wr.load_rocr_simple()
    guess, label = data["predictions"].to_numpy(), data["labels"].to_numpy()
    theirs = rocr_performance(guess, label, "prbe")
    ours = wr.prbe((guess, label))
    np.testing.assert_allclose(ours["threshold"], theirs["x"], rtol=1e-6)
    theirs = rocr_performance(guess, label, "ecost")
    envelope = wr.cost_curve((guess, label)).envelope
    points = np.unique(np.round(theirs[["x", "y"]].to_numpy(), 12), axis=0)
    ours = np.unique(np.round(envelope[["probability_cost", "cost"]].to_numpy(), 12), axis=0)
    np.testing.assert_allclose(ours, points, atol=1e-12)


SHORTENED = [  # (pROC's call, as R users write it: x, input, ret, best.method)
    ("best", "threshold", ["thr", "se", "sp", "1-np", "ac", "tp"], "y"),
    ("best", "threshold", ["t", "sens", "spec", "ppe", "fd"], "c"),
    ("best", "threshold", ["specificity", "recall", "prec", "1-se"], "t"),
    ([0.25, 0.5, 0.9], "se", ["thr", "sp", "np", "fn"], "youden"),
    ([0.3, 0.8], "spec", ["sens", "1-sp", "acc", "tn"], "youden"),
    ([0.5], "thr", ["se", "sp"], "youden"),
]


@pytest.mark.parametrize("x, input, ret, method", SHORTENED)
def test_shortened_names_mean_what_they_mean_in_proc(x, input, ret, method):
    # pROC's coords() reads ret, input and best.method through match.arg():
    # any start of a name that begins no other; the columns are then named
    # in full. The same call here gives pROC's columns and values (and,
    # with x="best", the criterion after them).
    need_r("pROC")
    _, guess, label, _ = DATA[0]
    theirs = proc_coords(guess, label, x=x, input=input, ret=ret, best_method=method)
    ours = wr.coords((guess, label), x, input=input, ret=ret, best_method=method)
    assert list(ours.columns[: len(theirs.columns)]) == list(theirs.columns)
    if x == "best":
        full = {"y": "youden", "c": "closest.topleft", "t": "closest.topleft"}[method]
        assert list(ours.columns[len(theirs.columns) :]) == [full]
    _close(ours, theirs, [c for c in theirs.columns if c != "threshold"])
