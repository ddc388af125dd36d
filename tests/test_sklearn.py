"""weightedroc.sklearn: scorers in scikit-learn's model selection, and fold predictions.

Every value is checked against scikit-learn's own metrics (roc_auc_score,
average_precision_score with sample_weight) or a loop over thresholds, on
a real estimator fitted to the breast cancer data.
"""

import sys

import numpy as np
import pytest

pytest.importorskip("sklearn")

import sklearn  # noqa: E402
from sklearn.datasets import load_breast_cancer  # noqa: E402
from sklearn.inspection import permutation_importance  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import average_precision_score, get_scorer, roc_auc_score  # noqa: E402
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_validate  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

import weightedroc as wr  # noqa: E402
from weightedroc.sklearn import fold_predictions, scorer  # noqa: E402

TIGHT = 1e-15


@pytest.fixture(scope="module")
def data():
    X, target = load_breast_cancer(return_X_y=True)
    y = np.where(target == 0, "malignant", "benign")  # classes_[1] = malignant
    rng = np.random.default_rng(0)
    w = np.where(y == "malignant", 5.0, 1.0) * rng.uniform(0.5, 2, len(y))
    return X, y, w


def model(routed=False):
    logistic = LogisticRegression(C=0.5)
    scaler = StandardScaler()
    if routed:
        logistic.set_fit_request(sample_weight=True)
        scaler.set_fit_request(sample_weight=False)
    return make_pipeline(scaler, logistic)


CV = StratifiedKFold(5, shuffle=True, random_state=1)


def manual_folds(X, y, w, fit_weight):
    """(test rows, held-out decision values) of each split, fitted by hand."""
    out = []
    for train, test in CV.split(X, y):
        fitted = model().fit(
            X[train],
            y[train],
            **({"logisticregression__sample_weight": w[train]} if fit_weight else {}),
        )
        out.append((test, fitted.decision_function(X[test])))
    return out


def loop_cost(score, positive, weight, cost_fp, cost_fn):
    """Least cost_fp * FP + cost_fn * FN over the rules score >= t."""
    return min(
        cost_fp * weight[~positive & (score >= t)].sum()
        + cost_fn * weight[positive & (score < t)].sum()
        for t in np.append(np.unique(score), np.inf)
    )


def test_importing_the_module_leaves_scikit_learn_itself_importable():
    import weightedroc.sklearn as ours

    assert sys.modules["sklearn"] is sklearn
    assert "weightedroc" not in sklearn.__file__
    assert ours.__name__ == "weightedroc.sklearn"


def test_scorers_called_directly_equal_scikit_learn_metrics(data):
    X, y, w = data
    fitted = model().fit(X, y)
    d = fitted.decision_function(X)
    positive = y == "malignant"
    for weight in (None, w):
        assert (
            abs(
                scorer("auc")(fitted, X, y, sample_weight=weight)
                - roc_auc_score(positive, d, sample_weight=weight)
            )
            <= TIGHT
        )
        assert (
            abs(
                scorer("average_precision")(fitted, X, y, sample_weight=weight)
                - average_precision_score(positive, d, sample_weight=weight)
            )
            <= TIGHT
        )
        assert (
            abs(
                scorer("partial_auc", fpr_range=(0, 0.1), correct=True)(
                    fitted, X, y, sample_weight=weight
                )
                - roc_auc_score(positive, d, sample_weight=weight, max_fpr=0.1)
            )
            <= 1e-12
        )
        cost = loop_cost(d, positive, np.ones(len(y)) if weight is None else weight, 1, 7)
        assert scorer("cost", cost_fp=1, cost_fn=7)(
            fitted, X, y, sample_weight=weight
        ) == pytest.approx(-cost, rel=1e-13)


def test_positive_picks_the_other_class(data):
    X, y, w = data
    fitted = model().fit(X, y)
    benign = y == "benign"
    expected = roc_auc_score(benign, -fitted.decision_function(X), sample_weight=w)
    assert abs(scorer("auc", positive="benign")(fitted, X, y, sample_weight=w) - expected) <= TIGHT


def test_cross_validate_routes_weights_to_fit_and_scorer(data):
    X, y, w = data
    with sklearn.config_context(enable_metadata_routing=True):
        scoring = {
            "ours": scorer("auc").set_score_request(sample_weight=True),
            "sklearn": get_scorer("roc_auc").set_score_request(sample_weight=True),
        }
        result = cross_validate(
            model(routed=True), X, y, cv=CV, scoring=scoring, params={"sample_weight": w}
        )
    expected = [
        roc_auc_score(y[test] == "malignant", d, sample_weight=w[test])
        for test, d in manual_folds(X, y, w, fit_weight=True)
    ]
    assert np.abs(result["test_ours"] - expected).max() <= TIGHT
    assert np.abs(result["test_ours"] - result["test_sklearn"]).max() <= TIGHT


def test_cross_validate_without_weights_scores_unweighted(data):
    X, y, w = data
    result = cross_validate(model(), X, y, cv=CV, scoring=scorer("auc"))
    expected = [
        roc_auc_score(y[test] == "malignant", d)
        for test, d in manual_folds(X, y, w, fit_weight=False)
    ]
    assert np.abs(result["test_score"] - expected).max() <= TIGHT
    weighted = [
        roc_auc_score(y[test] == "malignant", d, sample_weight=w[test])
        for test, d in manual_folds(X, y, w, fit_weight=False)
    ]
    assert np.abs(result["test_score"] - weighted).max() > 1e-6  # the weights matter


def test_grid_search_picks_the_least_mean_cost_with_routed_weights(data):
    X, y, w = data
    grid = {"logisticregression__C": [0.01, 0.1, 1.0]}
    with sklearn.config_context(enable_metadata_routing=True):
        cost = scorer("cost", cost_fp=1, cost_fn=10).set_score_request(sample_weight=True)
        search = GridSearchCV(model(routed=True), grid, scoring=cost, cv=CV)
        search.fit(X, y, sample_weight=w)
    means = []
    for C in grid["logisticregression__C"]:
        fold_costs = []
        for train, test in CV.split(X, y):
            fitted = (
                model()
                .set_params(logisticregression__C=C)
                .fit(X[train], y[train], logisticregression__sample_weight=w[train])
            )
            fold_costs.append(
                loop_cost(fitted.decision_function(X[test]), y[test] == "malignant", w[test], 1, 10)
            )
        means.append(np.mean(fold_costs))
    np.testing.assert_allclose(-search.cv_results_["mean_test_score"], means, rtol=1e-12)
    assert (
        search.best_params_["logisticregression__C"]
        == grid["logisticregression__C"][int(np.argmin(means))]
    )


def test_permutation_importance_equals_the_roc_auc_scorer(data):
    X, y, w = data
    fitted = model().fit(X, y)
    options = dict(n_repeats=2, random_state=0, sample_weight=w)
    ours = permutation_importance(fitted, X, y, scoring=scorer("auc"), **options)
    theirs = permutation_importance(fitted, X, y, scoring="roc_auc", **options)
    assert np.abs(ours.importances - theirs.importances).max() <= 1e-15
    assert np.abs(ours.importances).max() > 0


@pytest.mark.parametrize("fit_weight", [True, False])
def test_fold_predictions_are_the_held_out_decision_values(data, fit_weight):
    X, y, w = data
    folds = fold_predictions(model(), X, y, w, cv=CV, fit_weight=fit_weight)
    assert folds.columns.tolist() == ["fold", "guess", "label", "weight"]
    for fold, (test, d) in enumerate(manual_folds(X, y, w, fit_weight=fit_weight)):
        part = folds[folds["fold"] == fold]
        assert part.index.tolist() == test.tolist()
        assert np.array_equal(part["guess"].to_numpy(), d)
        assert np.array_equal(part["label"].to_numpy(), y[test])
        assert np.array_equal(part["weight"].to_numpy(), w[test])
    assert sorted(folds.index) == list(range(len(y)))


def weighted_cross_validate(X, y, w):
    """scikit-learn's own weighted fold AUCs: weights routed to fit and scorer."""
    with sklearn.config_context(enable_metadata_routing=True):
        return cross_validate(
            model(routed=True),
            X,
            y,
            cv=CV,
            params={"sample_weight": w},
            scoring=get_scorer("roc_auc").set_score_request(sample_weight=True),
        )["test_score"]


@pytest.mark.parametrize(
    "params", [None, {"logisticregression__sample_weight": "w"}], ids=["sample_weight", "params"]
)
def test_fold_aucs_equal_cross_validate_with_the_same_splits(data, params):
    X, y, w = data
    params = params and {name: w for name in params}
    folds = fold_predictions(model(), X, y, sample_weight=w, cv=CV, params=params)
    table = wr.auc_table(folds, "guess", "label", "weight", by="fold", positive="malignant")
    assert table["fold"].tolist() == [0, 1, 2, 3, 4]
    assert np.abs(table["auc"].to_numpy() - weighted_cross_validate(X, y, w)).max() <= TIGHT
    curves = wr.roc_table(folds, "guess", "label", "weight", by="fold", positive="malignant")
    assert curves.groupby("fold")["TPR"].first().tolist() == [1.0] * 5


def test_fold_predictions_fit_with_routed_weights_as_cross_validate(data):
    X, y, w = data
    with sklearn.config_context(enable_metadata_routing=True):
        folds = fold_predictions(model(routed=True), X, y, sample_weight=w, cv=CV)
        with pytest.raises(sklearn.exceptions.UnsetMetadataPassedError, match="sample_weight"):
            fold_predictions(model(), X, y, sample_weight=w, cv=CV)
    table = wr.auc_table(folds, "guess", "label", "weight", by="fold", positive="malignant")
    assert np.abs(table["auc"].to_numpy() - weighted_cross_validate(X, y, w)).max() <= TIGHT


def test_fold_predictions_route_params_as_cross_val_predict(data):
    X, y, w = data
    Z = StandardScaler().fit_transform(X)
    with sklearn.config_context(enable_metadata_routing=True):
        unset = LogisticRegression(C=0.5)
        with pytest.raises(sklearn.exceptions.UnsetMetadataPassedError, match="sample_weight"):
            fold_predictions(unset, Z, y, sample_weight=w, cv=CV)
        refused = LogisticRegression(C=0.5).set_fit_request(sample_weight=False)
        folds = fold_predictions(refused, Z, y, sample_weight=w, cv=CV)
    for fold, (train, test) in enumerate(CV.split(Z, y)):
        fitted = LogisticRegression(C=0.5).fit(Z[train], y[train])
        part = folds[folds["fold"] == fold]
        assert np.array_equal(part["guess"].to_numpy(), fitted.decision_function(Z[test]))
        assert np.array_equal(part["weight"].to_numpy(), w[test])


def test_fold_predictions_fit_a_plain_estimator_with_sample_weight(data):
    X, y, w = data
    Z = StandardScaler().fit_transform(X)
    folds = fold_predictions(LogisticRegression(C=0.5), Z, y, sample_weight=w, cv=CV)
    for fold, (train, test) in enumerate(CV.split(Z, y)):
        fitted = LogisticRegression(C=0.5).fit(Z[train], y[train], sample_weight=w[train])
        part = folds[folds["fold"] == fold]
        assert np.array_equal(part["guess"].to_numpy(), fitted.decision_function(Z[test]))


def test_fold_predictions_of_a_model_without_sample_weight(data):
    from sklearn.neighbors import KNeighborsClassifier

    X, y, w = data
    with pytest.raises(TypeError, match="KNeighborsClassifier cannot be fitted with sample_weight"):
        fold_predictions(KNeighborsClassifier(), X, y, sample_weight=w, cv=3)
    folds = fold_predictions(KNeighborsClassifier(), X, y, sample_weight=w, cv=3, fit_weight=False)
    assert np.array_equal(folds.sort_index()["weight"].to_numpy(), w)


def test_fold_predictions_probabilities_and_positive(data):
    X, y, w = data
    folds = fold_predictions(
        model(), X, y, cv=3, response_method="predict_proba", positive="benign"
    )
    assert (folds["weight"] == 1).all()
    for fold, (train, test) in enumerate(StratifiedKFold(3).split(X, y)):
        fitted = model().fit(X[train], y[train])
        expected = fitted.predict_proba(X[test])[:, list(fitted.classes_).index("benign")]
        assert np.array_equal(folds.loc[folds["fold"] == fold, "guess"].to_numpy(), expected)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: scorer("roc"), ValueError, r"metric must be one of \['auc', 'average_precision'"),
        (lambda: scorer("auc", cost_fp=1), TypeError, "takes no option 'cost_fp'"),
        (lambda: scorer("cost", cost_fp=1, cost_fn=1, correct=True), TypeError, "'correct'"),
        (lambda: scorer("partial_auc", fpr_rang=(0, 0.1)), TypeError, "unexpected keyword"),
        (lambda: scorer("cost", cost_fp=1), ValueError, "needs both cost_fp and cost_fn"),
        (lambda: scorer("cost", cost_fp=-1, cost_fn=1), ValueError, "cost_fp"),
    ],
)
def test_bad_scorer_arguments_say_what_is_expected(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_fold_predictions_refuses_bad_weights_and_multiclass(data):
    X, y, w = data
    with pytest.raises(ValueError, match="weight > 0 are not all TRUE"):
        fold_predictions(model(), X, y, -w)
    three = np.where(np.arange(len(y)) % 3 == 0, "other", y)
    with pytest.raises(ValueError, match="needs a binary classifier"):
        fold_predictions(model(), X, three, cv=3)
