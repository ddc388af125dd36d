"""scikit-learn integration: scorers and cross-validated fold predictions.

`scorer` makes weighted-ROC metrics usable wherever scikit-learn takes a
``scoring=`` (``cross_validate``, ``GridSearchCV``, ``permutation_importance``),
with observation weights passed as ``sample_weight`` (routed by scikit-learn's
metadata routing, or given directly).  `fold_predictions` fits an estimator
on each training split and returns the held-out scores as a tidy frame for
``roc_table(..., by="fold")`` and ``auc_table(..., by="fold")``.

scikit-learn (>= 1.4) is imported only inside these functions.  The module
is named ``weightedroc.sklearn`` as ``lightgbm.sklearn`` and
``xgboost.sklearn`` are: imports are absolute in Python 3, so ``import
sklearn`` anywhere (here included) is scikit-learn itself; only a script
run from inside the ``weightedroc/`` folder would see this file instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from .curves.areas import partial_auc
from .curves.auc import auc_score
from .curves.pr import average_precision
from .curves.roc import WeightedROC
from .decisions import best_threshold, check_costs
from .engine.validation import check_weight
from .utils.signatures import in_help
from .utils.types import ArrayLike, LabelValue

if TYPE_CHECKING:
    from scipy.sparse import sparray, spmatrix
    from sklearn.base import BaseEstimator
    from sklearn.model_selection import BaseCrossValidator, BaseShuffleSplit

__all__ = ["scorer", "fold_predictions"]

RESPONSE = ("decision_function", "predict_proba")  # as scikit-learn's roc_auc scorer


def _event(y_true, pos_label):
    """The positive label: `pos_label`, else the larger of the two classes,
    which is ``classes_[1]``, the column scikit-learn scores."""
    if pos_label is not None:
        return pos_label
    classes = np.unique(np.asarray(y_true))
    if len(classes) != 2:
        raise ValueError(
            f"y_true has {len(classes)} classes {classes.tolist()}; a ROC "
            "metric needs exactly 2 (binary classification)"
        )
    return classes[1]


def _auc(y_true, y_score, sample_weight=None, pos_label=None):
    return auc_score(y_score, y_true, sample_weight, positive=_event(y_true, pos_label))


def _partial_auc(
    y_true,
    y_score,
    sample_weight=None,
    pos_label=None,
    fpr_range=None,
    tpr_range=None,
    correct=False,
):
    roc = WeightedROC(y_score, y_true, sample_weight, positive=_event(y_true, pos_label))
    return partial_auc(roc, fpr_range=fpr_range, tpr_range=tpr_range, correct=correct)


def _average_precision(y_true, y_score, sample_weight=None, pos_label=None):
    return average_precision(y_score, y_true, sample_weight, positive=_event(y_true, pos_label))


def _cost(y_true, y_score, sample_weight=None, pos_label=None, cost_fp=None, cost_fn=None):
    roc = WeightedROC(y_score, y_true, sample_weight, positive=_event(y_true, pos_label))
    return float(best_threshold(roc, "cost", cost_fp=cost_fp, cost_fn=cost_fn)["cost"])


# name: (score function, greater is better, its keyword arguments)
METRICS = {
    "auc": (_auc, True, ()),
    "partial_auc": (_partial_auc, True, ("fpr_range", "tpr_range", "correct")),
    "average_precision": (_average_precision, True, ()),
    "cost": (_cost, False, ("cost_fp", "cost_fn")),
}


@in_help
def scorer(
    metric,
    *,
    positive=None,
    fpr_range=None,
    tpr_range=None,
    correct=False,
    cost_fp=None,
    cost_fn=None,
):
    """A scikit-learn scorer of a weighted-ROC metric.

    Parameters
    ----------
    metric : {"auc", "partial_auc", "average_precision", "cost"}
        ``"auc"``: `auc_score` (equal to ``roc_auc_score``);
        ``"partial_auc"``: `partial_auc` with ``fpr_range=``, ``tpr_range=``,
        ``correct=``; ``"average_precision"``: `average_precision`;
        ``"cost"``: ``cost_fp * FP + cost_fn * FN`` at the threshold of least
        cost (`best_threshold` with ``method="cost"``; FP and FN are weighted
        counts of the scored rows), which scikit-learn negates, as for every
        loss (``greater_is_better=False``): the scorer returns ``-cost``.
    positive : optional
        The class that is the event; by default ``classes_[1]`` (the larger
        label), as scikit-learn's own scorers.
    fpr_range, tpr_range, correct : optional
        The partial area of ``"partial_auc"``, as `partial_auc` takes them.
    cost_fp, cost_fn : float
        The costs of ``"cost"`` (both needed), as `best_threshold` takes them.
        An option of another metric than `metric` is a TypeError.

    Returns
    -------
    scikit-learn scorer
        Calls ``decision_function`` (else ``predict_proba``) of a fitted
        binary classifier, as the ``"roc_auc"`` scorer does.  Weights:
        ``scorer(estimator, X, y, sample_weight=w)`` directly; through
        ``cross_validate``, ``GridSearchCV`` ... (which pass ``params=``)
        with metadata routing: ``sklearn.set_config(enable_metadata_routing=
        True)`` and ``scorer(...).set_score_request(sample_weight=True)``.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.metrics import roc_auc_score
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from weightedroc.sklearn import scorer
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = make_pipeline(StandardScaler(), LogisticRegression()).fit(X, y)
    >>> w = 1.0 + (y == 0)                           # a malignant mass counts twice
    >>> ours = scorer("auc")(model, X, y, sample_weight=w)
    >>> abs(ours - roc_auc_score(y, model.decision_function(X), sample_weight=w)) < 1e-15
    True
    >>> round(scorer("cost", cost_fp=1, cost_fn=10)(model, X, y, sample_weight=w), 6)
    -10.0
    """
    from sklearn.metrics import make_scorer

    if metric not in METRICS:
        raise ValueError(f"metric must be one of {sorted(METRICS)}, got {metric!r}")
    function, greater_is_better, allowed = METRICS[metric]
    given = dict(fpr_range=fpr_range, tpr_range=tpr_range, cost_fp=cost_fp, cost_fn=cost_fn)
    options = {name: value for name, value in given.items() if value is not None}
    if correct is not False:
        options["correct"] = correct
    unknown = [name for name in options if name not in allowed]
    if unknown:
        raise TypeError(
            f"scorer({metric!r}) takes no option {unknown[0]!r}; its options "
            f"are {list(allowed) or 'none'}"
        )
    if metric == "cost":
        if options.get("cost_fp") is None or options.get("cost_fn") is None:
            raise ValueError("scorer('cost') needs both cost_fp and cost_fn")
        check_costs(options["cost_fp"], options["cost_fn"])  # fail now, not in a fold
    if positive is not None:
        options["pos_label"] = positive
    return make_scorer(
        function, response_method=RESPONSE, greater_is_better=greater_is_better, **options
    )


def _rows(data, rows):
    """Rows `rows` (positions) of an array, frame, sparse matrix or list."""
    if hasattr(data, "iloc"):
        return data.iloc[rows]
    if hasattr(data, "shape"):
        return data[rows]
    return np.asarray(data)[rows]


def _response(model, X, methods, positive):
    """The fitted model's score of `positive` (default ``classes_[1]``)."""
    methods = (methods,) if isinstance(methods, str) else tuple(methods)
    method = next((m for m in methods if hasattr(model, m)), None)
    if method is None:
        raise TypeError(f"{type(model).__name__} has none of the methods {list(methods)}")
    classes = list(getattr(model, "classes_", []))
    if len(classes) != 2:
        raise ValueError(
            f"the fitted model has classes {classes}: fold_predictions needs a binary classifier"
        )
    if positive is not None and positive not in classes:
        raise ValueError(f"positive={positive!r} is not a class of the model: {classes}")
    column = 1 if positive is None else classes.index(positive)
    values = np.asarray(getattr(model, method)(X), dtype=np.float64)
    if method == "predict_proba":
        return values[:, column]
    return values.ravel() if column == 1 else -values.ravel()


def _names_sample_weight(params):
    """Whether fit parameters already say how to fit with sample weights."""
    return any(name == "sample_weight" or name.endswith("__sample_weight") for name in params)


def _routing():
    import sklearn

    return bool(sklearn.get_config()["enable_metadata_routing"])


def _takes(fit, name):
    """Whether a ``fit`` method takes the keyword `name` (or any keyword)."""
    import inspect

    parameters = inspect.signature(fit).parameters.values()
    return any(p.name == name or p.kind is p.VAR_KEYWORD for p in parameters)


def _fit_weight_name(estimator):
    """The fit parameter that gives `estimator` sample weights, as scikit-learn's
    ``cross_val_predict(..., params={"sample_weight": w})`` would give them:
    ``sample_weight`` (routed by scikit-learn when routing is on), or, for a
    Pipeline without routing (which takes only ``step__parameter``),
    ``<final step>__sample_weight``."""
    from sklearn.pipeline import Pipeline

    if _routing():
        return "sample_weight"
    if isinstance(estimator, Pipeline):
        name, step = estimator.steps[-1]
        if hasattr(step, "fit") and _takes(step.fit, "sample_weight"):
            return f"{name}__sample_weight"
    elif _takes(estimator.fit, "sample_weight"):
        return "sample_weight"
    raise TypeError(
        f"{type(estimator).__name__} cannot be fitted with sample_weight; give "
        "fit_weight=False to weigh only the evaluation, or say how to fit in params="
    )


def _routed_fit_params(estimator, params, added=None):
    """`params` as the estimator's ``fit`` receives them: all of them without
    metadata routing, else those it requests (an error for metadata it has
    not said it requests or not), as in ``cross_val_predict``.  `added` (the
    weights `fold_predictions` adds) is dropped when every consumer has said
    it does not request it."""
    if not _routing() or not params:
        return params
    from sklearn.utils.metadata_routing import MetadataRouter, MethodMapping, process_routing

    router = MetadataRouter(owner="fold_predictions").add(
        estimator=estimator, method_mapping=MethodMapping().add(caller="fit", callee="fit")
    )
    try:
        return dict(process_routing(router, "fit", **params).estimator.fit)
    except TypeError:  # some metadata is routed to no object
        if added not in params:
            raise
    rest = {name: value for name, value in params.items() if name != added}
    return dict(process_routing(router, "fit", **rest).estimator.fit)


@in_help
def fold_predictions(
    estimator: BaseEstimator,
    X: ArrayLike | spmatrix | sparray,
    y: ArrayLike,
    sample_weight: ArrayLike | None = None,
    *,
    cv: int | BaseCrossValidator | BaseShuffleSplit | Iterable[tuple[ArrayLike, ArrayLike]] = 5,
    groups: ArrayLike | None = None,
    params: dict[str, Any] | None = None,
    response_method: str | tuple[str, ...] = RESPONSE,
    positive: LabelValue = None,
    fit_weight: bool = True,
) -> pd.DataFrame:
    """Held-out scores of each cross-validation fold, as a tidy frame.

    Like scikit-learn's ``cross_val_predict``, but the fold of each row is
    kept, so that each fold's curve and AUC can be computed:
    ``roc_table(frame, "guess", "label", "weight", by="fold")``.

    Parameters
    ----------
    estimator : scikit-learn binary classifier
        Cloned and fitted on each training split.
    X : array-like or sparse matrix
    y : array-like
        The classes (any two labels).
    sample_weight : array-like, optional
        Observation weights (positive, finite): the ``weight`` column, and
        the weights each training split is fitted with, as scikit-learn's
        ``cross_val_predict(..., params={"sample_weight": w})`` fits (see
        `fit_weight`), so that each fold's AUC is that of
        ``cross_validate`` with the same weights.
    cv : int, cross-validation generator or iterable, default 5
        As in scikit-learn (an int means ``StratifiedKFold`` for classifiers).
    groups : array-like, optional
        Group labels for group-wise splitters.
    params : dict, optional
        Passed to ``fit`` (routed by scikit-learn when metadata routing is
        on, as in ``cross_val_predict``); values as long as `y` are cut to
        the training rows (e.g. ``{"logisticregression__sample_weight": w}``
        for a pipeline without metadata routing).
    response_method : str or tuple of str
        The first of these methods the model has gives the scores: by
        default ``decision_function``, else ``predict_proba``.
    positive : optional
        The class whose score is the guess (default ``classes_[1]``); give
        the same ``positive=`` to ``roc_table``.
    fit_weight : bool, default True
        Fit with `sample_weight` too, as ``params={"sample_weight": w}``.
        With metadata routing on, scikit-learn routes it as the estimator
        requests: ``set_fit_request(sample_weight=True)`` fits with it,
        ``False`` without, and an estimator that has said neither is
        scikit-learn's error.  Without routing, a Pipeline gets it as
        ``<final step>__sample_weight``.  Not done when `params` already
        names a sample weight (``sample_weight`` or ``step__sample_weight``),
        nor with ``fit_weight=False``: the weights then only weigh the
        evaluation.

    Returns
    -------
    pandas.DataFrame
        Columns ``fold`` (0, 1, ... in the splitter's order), ``guess``,
        ``label`` (the values of `y`) and ``weight`` (1 without
        `sample_weight`); the index holds each row's position in `X`.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from weightedroc import auc_table, fold_predictions
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = make_pipeline(StandardScaler(), LogisticRegression())
    >>> folds = fold_predictions(model, X, y, cv=3)
    >>> folds.columns.tolist(), len(folds)
    (['fold', 'guess', 'label', 'weight'], 569)
    >>> auc_table(folds, "guess", "label", "weight", by="fold")["auc"].round(3).tolist()
    [0.994, 0.998, 0.991]

    With weights, each fold is fitted and evaluated with them:

    >>> w = 1.0 + 4 * (y == 0)                       # a malignant mass counts five times
    >>> folds = fold_predictions(model, X, y, sample_weight=w, cv=3)
    >>> auc_table(folds, "guess", "label", "weight", by="fold")["auc"].round(3).tolist()
    [0.992, 0.987, 0.99]
    """
    from sklearn.base import clone, is_classifier
    from sklearn.model_selection import check_cv

    y = np.asarray(y)
    n = len(y)
    if sample_weight is None:
        weight = np.ones(n)
    else:
        weight = check_weight(sample_weight, n)
    params = dict(params or {})
    added = None
    if sample_weight is not None and fit_weight and not _names_sample_weight(params):
        added = _fit_weight_name(estimator)
        params[added] = weight
    params = _routed_fit_params(estimator, params, added)
    splitter = check_cv(cv, y, classifier=is_classifier(estimator))
    frames = []
    for fold, (train, test) in enumerate(splitter.split(X, y, groups)):
        fit_params = {
            name: _rows(value, train)
            if getattr(value, "__len__", None)
            and not isinstance(value, (str, dict))
            and len(value) == n
            else value
            for name, value in params.items()
        }
        model = clone(estimator).fit(_rows(X, train), y[train], **fit_params)
        guess = _response(model, _rows(X, test), response_method, positive)
        frames.append(
            pd.DataFrame(
                {"fold": fold, "guess": guess, "label": y[test], "weight": weight[test]}, index=test
            )
        )
    return pd.concat(frames)
