"""Call R's WeightedROC, pROC and ROCR from Python, through rpy2.

Optional: rpy2 (``pip install weightedroc[r]``) and R are imported only
inside these functions, so importing this module never needs them.  Use
`r_available` to check first.  Numbers go to R as double vectors built from
the Python floats (no text round trip), and come back the same way, so
results can be compared bit for bit.  An error in R raises rpy2's
``RRuntimeError`` with R's message.
"""

import functools

import numpy as np
import pandas as pd

from .utils.r import r_available, robjects  # noqa: F401 (public here too)
from .utils.signatures import in_help

_WEIGHTED_ROC = "function(...) WeightedROC::WeightedROC(...)"
_WEIGHTED_AUC = "function(...) WeightedROC::WeightedAUC(WeightedROC::WeightedROC(...))"
_PROC_CURVE = """function(guess, label, ...) {
  r <- pROC::roc(label, guess, ...)
  data.frame(FPR=1-r$specificities, TPR=r$sensitivities)
}"""
_PROC_AUC = "function(guess, label, ...) as.numeric(pROC::roc(label, guess, ...)$auc)"
_ROCR_CURVE = """function(guess, label) {
  p <- ROCR::performance(ROCR::prediction(guess, label), "tpr", "fpr")
  data.frame(FPR=p@x.values[[1]], TPR=p@y.values[[1]])
}"""
_ROCR_AUC = """function(guess, label) {
  ROCR::performance(ROCR::prediction(guess, label), "auc")@y.values[[1]]
}"""


@functools.cache
def _r_function(code):
    """Evaluate (once) R code defining a function."""
    return robjects().r(code)


def _r_numeric(x):
    """An R double vector holding exactly the float64 values of ``x``."""
    from rpy2.robjects.vectors import FloatVector

    return FloatVector(np.asarray(x, dtype=np.float64).ravel().tolist())


def _r_label(label):
    """Labels for R: a factor for a Categorical or strings, else doubles."""
    from rpy2.robjects.vectors import FactorVector, StrVector

    if isinstance(getattr(label, "dtype", None), pd.CategoricalDtype):
        categorical = pd.Categorical(label)
        return FactorVector(
            StrVector([str(v) for v in categorical]),
            levels=StrVector([str(v) for v in categorical.categories]),
        )
    values = np.asarray(label)
    if values.dtype.kind in "OUS":
        return FactorVector(StrVector([str(v) for v in values]))
    return _r_numeric(values)


def _r_value(value):
    """A keyword argument for R: lists become vectors, scalars pass as is."""
    from rpy2.robjects.vectors import StrVector

    if isinstance(value, (list, tuple)):
        return StrVector([str(v) for v in value])
    return value


def _frame(r_data_frame):
    """A pandas DataFrame with the exact columns of an R data.frame."""
    return pd.DataFrame(
        {
            name: np.array(column, dtype=np.float64)
            for name, column in zip(r_data_frame.names, r_data_frame)
        }
    )


@in_help
def r_weighted_roc(guess, label, weight=None):
    """R's ``WeightedROC::WeightedROC(guess, label, weight)``.

    Parameters
    ----------
    guess : array-like of float
    label : array-like
        Numbers (passed as doubles), a pandas Categorical (passed as a
        factor with the same levels) or strings (passed as ``factor()``).
    weight : array-like of float, optional
        Omitted in the R call when None.

    Returns
    -------
    pandas.DataFrame
        Columns TPR, FPR, threshold, FN, FP exactly as R computed them.
    """
    args = [_r_numeric(guess), _r_label(label)]
    if weight is not None:
        args.append(_r_numeric(weight))
    return _frame(_r_function(_WEIGHTED_ROC)(*args))


@in_help
def r_weighted_auc(guess, label, weight=None):
    """R's ``WeightedAUC(WeightedROC(guess, label, weight))`` as a float.

    Parameters are those of `r_weighted_roc`.
    """
    args = [_r_numeric(guess), _r_label(label)]
    if weight is not None:
        args.append(_r_numeric(weight))
    return _r_function(_WEIGHTED_AUC)(*args)[0]


def _proc_options(levels, direction, quiet):
    """pROC::roc's named options, as R values (None: R's default)."""
    options = {"levels": levels, "direction": direction, "quiet": quiet}
    return {name: _r_value(value) for name, value in options.items() if value is not None}


@in_help
def proc_curve(guess, label, *, levels=None, direction=None, quiet=True):
    """ROC curve of ``pROC::roc(label, guess, levels=, direction=, quiet=)``.

    Parameters
    ----------
    guess : array-like of float
    label : array-like
        Converted as in `r_weighted_roc`.
    levels : list, optional
        pROC's ``levels``, negative level first (as WeightedROC), e.g.
        ``["Good", "Poor"]``; a character vector in R.  None: pROC's default.
    direction : {"<", ">"}, optional
        pROC's ``direction``; None: pROC's ``"auto"``.
    quiet : bool
        pROC's ``quiet`` (its messages about the levels and direction).

    Returns
    -------
    pandas.DataFrame
        Columns ``FPR = 1 - specificities`` and ``TPR = sensitivities``, in
        pROC's order (increasing thresholds, as WeightedROC).
    """
    r_kw = _proc_options(levels, direction, quiet)
    return _frame(_r_function(_PROC_CURVE)(_r_numeric(guess), _r_label(label), **r_kw))


@in_help
def proc_auc(guess, label, *, levels=None, direction=None, quiet=True):
    """AUC of ``pROC::roc(label, guess, levels=, direction=, quiet=)`` as a float.

    Parameters are those of `proc_curve`.
    """
    r_kw = _proc_options(levels, direction, quiet)
    return _r_function(_PROC_AUC)(_r_numeric(guess), _r_label(label), **r_kw)[0]


@in_help
def rocr_curve(guess, label):
    """ROC curve of ROCR's ``performance(prediction(guess, label), "tpr", "fpr")``.

    Returns
    -------
    pandas.DataFrame
        Columns FPR and TPR in ROCR's order (decreasing thresholds, the
        reverse of WeightedROC's).
    """
    return _frame(_r_function(_ROCR_CURVE)(_r_numeric(guess), _r_label(label)))


@in_help
def rocr_auc(guess, label):
    """AUC of ROCR's ``performance(prediction(guess, label), "auc")`` as a float."""
    return _r_function(_ROCR_AUC)(_r_numeric(guess), _r_label(label))[0]


@in_help
def compare_with_r(guess, label, weight=None, *, ulps=0):
    """Does Python give R's numbers on this data?  Both curves, compared.

    Runs ``WeightedROC(guess, label, weight)`` here and R's
    ``WeightedROC::WeightedROC`` on the same doubles (through rpy2; R's
    WeightedROC must be installed, e.g. in ``R_LIBS``), and compares the two
    curves with `weightedroc.compare_tables`.

    Parameters
    ----------
    guess, label, weight
        As for `r_weighted_roc` (labels in an encoding R accepts: numbers,
        a Categorical or strings).
    ulps : int, default 0
        Passed to `compare_tables`.

    Returns
    -------
    pandas.DataFrame
        `compare_tables`' report, one row per column of the curve
        (TPR, FPR, threshold, FN, FP); ``report["identical"].all()`` is the
        answer.

    Raises
    ------
    RuntimeError
        If R, rpy2 or R's WeightedROC cannot be used (the reason is said).
    """
    from .curves.roc import WeightedROC
    from .io.compare import compare_tables

    ok, reason = r_available("WeightedROC")
    if not ok:
        raise RuntimeError(f"cannot compare with R: {reason}")
    ours = WeightedROC(guess, label, weight)
    return compare_tables(ours, r_weighted_roc(guess, label, weight), ulps=ulps)
