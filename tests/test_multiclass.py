"""Multiclass AUC, curves and interval: against scikit-learn, live pROC
(through rpy2; skipped with the reason when R or pROC is missing), the
package's binary AUC bit for bit, brute force and repeated rows."""

import re
import warnings
from itertools import combinations

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr
from weightedroc import (
    WeightedROC,
    auc_score,
    auc_var,
    multiclass_auc,
    multiclass_auc_ci,
    multiclass_auc_var,
    multiclass_roc,
)


def three_classes(seed, n=300, classes=3, ties=False):
    """(probability matrix, labels 0..classes-1, importance weights)."""
    rng = np.random.default_rng(seed)
    label = rng.integers(0, classes, n)
    label[:classes] = np.arange(classes)  # every class present
    scores = rng.normal(size=(n, classes))
    scores[np.arange(n), label] += 1
    if ties:
        scores = np.round(scores * 2) / 2
    probability = np.exp(scores)
    probability /= probability.sum(axis=1, keepdims=True)
    return probability, label, rng.exponential(size=n) + 0.05


# --- scikit-learn ---------------------------------------------------------


@pytest.mark.parametrize("average", ["macro", "weighted"])
@pytest.mark.parametrize("classes", [3, 4])
def test_hand_till_is_sklearn_ovo(average, classes):
    metrics = pytest.importorskip("sklearn.metrics")
    p, y, _ = three_classes(1, classes=classes)
    expected = metrics.roc_auc_score(y, p, multi_class="ovo", average=average)
    assert multiclass_auc(p, y, average=average) == pytest.approx(expected, rel=1e-13)


@pytest.mark.parametrize("average", ["macro", "weighted"])
@pytest.mark.parametrize("weighted", [False, True])
def test_ovr_is_sklearn_ovr(average, weighted):
    metrics = pytest.importorskip("sklearn.metrics")
    p, y, w = three_classes(2, classes=4, ties=True)
    w = w if weighted else None
    expected = metrics.roc_auc_score(y, p, multi_class="ovr", average=average, sample_weight=w)
    got = multiclass_auc(p, y, w, method="ovr", average=average)
    assert got == pytest.approx(expected, rel=1e-13)


@pytest.mark.parametrize("average", ["macro", "weighted"])
def test_weighted_hand_till_is_sklearn_ovo_on_repeated_rows(average):
    # scikit-learn refuses sample_weight for ovo: integer weights are rows repeated
    metrics = pytest.importorskip("sklearn.metrics")
    p, y, _ = three_classes(3, n=200, ties=True)
    counts = np.random.default_rng(3).integers(1, 5, len(y))
    rows = np.repeat(np.arange(len(y)), counts)
    expected = metrics.roc_auc_score(y[rows], p[rows], multi_class="ovo", average=average)
    got = multiclass_auc(p, y, counts.astype(float), average=average)
    assert got == pytest.approx(expected, rel=1e-13)


# --- the package's binary AUC, bit for bit ---------------------------------


def tricky(seed):
    """Scores with many ties, signed zeros, and weights over many decades."""
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(8, 200)), int(rng.integers(2, 5))
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)
    s = rng.integers(-3, 4, (n, k)).astype(float)
    s[s == 0] *= rng.choice([1.0, -1.0], size=np.count_nonzero(s == 0))
    w = [None, rng.exponential(size=n), 10 ** rng.uniform(-100, 100, n)][seed % 3]
    return s, y, w, k


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("direction", ["<", ">"])
def test_every_pair_is_auc_score_bit_for_bit(seed, direction):
    s, y, w, k = tricky(seed)

    def auc(rows, column, positive):
        return auc_score(
            s[rows, column],
            y[rows] == positive,
            None if w is None else w[rows],
            direction=direction,
        )

    pairs = list(combinations(range(k), 2))
    pair_aucs = []
    for i, j in pairs:
        rows = (y == i) | (y == j)
        pair_aucs.append((auc(rows, i, i) + auc(rows, j, j)) / 2)
    assert multiclass_auc(s, y, w, direction=direction) == np.mean(pair_aucs)
    everyone = np.ones(len(y), dtype=bool)
    ovr = [auc(everyone, c, c) for c in range(k)]
    assert multiclass_auc(s, y, w, method="ovr", direction=direction) == np.mean(ovr)
    # a 1-D score: each pair (a, b), b positive
    uni = [auc((y == a) | (y == b), 0, b) for a, b in pairs]
    assert multiclass_auc(s[:, 0], y, w, direction=direction) == np.mean(uni)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("method", ["hand_till", "ovr"])
def test_curves_are_weightedroc_of_their_rows(seed, method):
    s, y, w, k = tricky(seed)
    direction = "<>"[seed % 2]
    table = multiclass_roc(s, y, w, method=method, direction=direction)
    # (in order of appearance: groupby(sort=False) of categoricals sorts on pandas 2.0)
    pairs = table[["positive", "negative"]].astype(object)
    keys = list(pairs.drop_duplicates().itertuples(index=False, name=None))
    if method == "ovr":
        assert keys == [(c, "rest") for c in range(k)]
    else:
        assert keys == [key for i, j in combinations(range(k), 2) for key in ((i, j), (j, i))]
    for positive, negative in keys:
        curve = table[(pairs["positive"] == positive) & (pairs["negative"] == negative)]
        rows = np.ones(len(y), bool) if negative == "rest" else (y == positive) | (y == negative)
        expected = WeightedROC(
            s[rows, positive],
            y[rows] == positive,
            None if w is None else w[rows],
            direction=direction,
        )
        got = curve.drop(columns=["positive", "negative"]).reset_index(drop=True)
        assert list(got.columns) == list(expected.columns)
        assert got.to_numpy().tobytes() == expected.to_numpy().tobytes()  # signed zeros too


def brute_hand_till(s, y, w):
    """Hand and Till's M from the definition: weighted pair comparisons."""
    classes = np.unique(y)
    total = []
    for i, j in combinations(classes, 2):
        both = []
        for a, b in ((i, j), (j, i)):
            pos, neg = y == a, y == b
            x, z = s[pos, a][:, None], s[neg, a][None, :]
            wx, wz = w[pos][:, None], w[neg][None, :]
            wins = (x > z) + 0.5 * (x == z)
            both.append((wx * wz * wins).sum() / (wx.sum() * wz.sum()))
        total.append(np.mean(both))
    return np.mean(total)


@pytest.mark.parametrize("seed", range(4))
def test_hand_till_brute_force(seed):
    s, y, w, _ = tricky(seed)
    w = np.ones(len(y)) if w is None else w
    assert multiclass_auc(s, y, w) == pytest.approx(brute_hand_till(s, y, w), rel=1e-12)


def test_integer_weights_are_repeated_rows():
    p, y, _ = three_classes(4, n=150, ties=True)
    counts = np.random.default_rng(4).integers(1, 4, len(y))
    rows = np.repeat(np.arange(len(y)), counts)
    for method in ("hand_till", "ovr"):
        for average in ("macro", "weighted"):
            got = multiclass_auc(p, y, counts, method=method, average=average)
            assert got == multiclass_auc(p[rows], y[rows], method=method, average=average)


def test_weighted_average_uses_the_weighted_prevalence():
    p, y, w = three_classes(5, n=120)
    totals = np.bincount(y, weights=w)
    ovr = [auc_score(p[:, c], y == c, w) for c in range(3)]
    got = multiclass_auc(p, y, w, method="ovr", average="weighted")
    assert got == pytest.approx(np.dot(ovr, totals) / totals.sum(), rel=1e-14)


def test_frame_columns_in_any_order_and_levels():
    p, y, w = three_classes(6)
    names = np.array(["cat", "dog", "eel"])
    frame = pd.DataFrame(p, columns=names)[["eel", "cat", "dog"]]
    expected = multiclass_auc(p, names[y], w)
    assert multiclass_auc(frame, names[y], w) == expected
    # levels name the columns of an array in their order (and order the
    # pairs, so the mean adds them in another order: equal to rounding)
    reordered = p[:, [2, 0, 1]]
    got = multiclass_auc(reordered, names[y], w, levels=["eel", "cat", "dog"])
    assert got == pytest.approx(expected, rel=1e-15)
    # polars frames too, when polars is installed
    pl = pytest.importorskip("polars")
    assert multiclass_auc(pl.from_pandas(frame), names[y], w) == expected


def test_categorical_label_keeps_its_order_and_drops_empty_levels():
    p, y, _ = three_classes(7)
    label = pd.Categorical(np.array(["b", "a", "c"])[y], categories=["b", "a", "c", "d"])
    frame = pd.DataFrame(p, columns=["b", "a", "c"])
    with pytest.warns(UserWarning, match="No observation for response level.*d"):
        got = multiclass_auc(frame, label)
    assert got == multiclass_auc(p, y)


def test_an_array_column_of_a_level_without_observations_is_left_out():
    p, y, w = three_classes(23, classes=4)
    kept = y != 2
    with pytest.warns(UserWarning, match="No observation for response level.*2"):
        got = multiclass_auc(p[kept], y[kept], w[kept], levels=[0, 1, 2, 3])
    assert got == multiclass_auc(p[kept][:, [0, 1, 3]], y[kept], w[kept])


def test_rows_of_other_classes_are_left_out_with_levels():
    p, y, w = three_classes(8, classes=4)
    kept = y < 3
    expected = multiclass_auc(p[kept][:, :3], y[kept], w[kept])
    frame = pd.DataFrame(p[:, :3], columns=[0, 1, 2])
    assert multiclass_auc(frame, y, w, levels=[0, 1, 2]) == expected


# --- bad input --------------------------------------------------------------


def test_bad_input_errors():
    p, y, _ = three_classes(9)
    frame = pd.DataFrame(p[:, :2], columns=[0, 1])
    with pytest.raises(ValueError, match="no column for class.*2"):
        multiclass_auc(frame, y)
    with pytest.raises(ValueError, match="at least two classes"):
        multiclass_auc(p[:, :1], np.zeros(len(y)))
    with pytest.raises(ValueError, match="2-D array"):
        multiclass_auc(p[:, :, None], y)
    with pytest.raises(ValueError, match="3 columns but there are 2 classes"):
        multiclass_auc(p, y % 2)
    agree = r"Number of rows in scores \((\d+)\) does not agree with label \((\d+) elements\)"
    for scores in (p[:-1], np.vstack([p, p[:2]]), pd.DataFrame(p[:-2]), pd.DataFrame(p).iloc[3:]):
        with pytest.raises(ValueError, match=agree) as caught:  # pROC's words
            multiclass_auc(scores, y)
        assert re.search(agree, str(caught.value)).groups() == (str(len(scores)), str(len(y)))
    bad = p.copy()
    bad[5, 1] = np.nan
    with pytest.raises(ValueError, match="NaN.*row 5"):
        multiclass_auc(bad, y)
    with pytest.raises(ValueError, match="label must not contain NA"):
        multiclass_auc(p, np.where(y == 0, np.nan, y))
    with pytest.raises(ValueError, match="method must be one of"):
        multiclass_auc(p, y, method="ovo")
    with pytest.raises(ValueError, match="average must be one of"):
        multiclass_auc(p, y, average="micro")
    with pytest.raises(ValueError, match="one score column per class"):
        multiclass_auc(p[:, 0], y, method="ovr")
    with pytest.raises(ValueError, match="never guessed"):
        multiclass_auc(p, y, direction="auto")
    with pytest.raises(ValueError, match="weights must be positive"):
        multiclass_auc(p, y, -np.ones(len(y)))
    with pytest.raises(ValueError, match="must not repeat"):
        multiclass_auc(p, y, levels=[0, 1, 1])
    with pytest.raises(ValueError, match="overflows to inf"):
        multiclass_auc(p, y, np.full(len(y), 1e307))
    with pytest.raises(TypeError, match="scores must be numbers"):
        multiclass_auc(np.full((len(y), 3), "x"), y)


def test_caller_data_unchanged():
    p, y, w = three_classes(10)
    copies = p.copy(), y.copy(), w.copy()
    multiclass_auc(p, y, w, direction=">")
    multiclass_roc(p, y, w, direction=">")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the Kish warning: not what is tested
        multiclass_auc_ci(p, y, w, direction=">")
    for before, after in zip(copies, (p, y, w)):
        assert np.array_equal(before, after)


# --- variance and interval ----------------------------------------------------


def brute_jackknife(s, y, w, method, average):
    """Stratified jackknife of multiclass_auc, deleting each row."""
    full = multiclass_auc(s, y, w, method=method, average=average)
    changes = np.array(
        [
            multiclass_auc(
                np.delete(s, k, 0),
                np.delete(y, k),
                None if w is None else np.delete(w, k),
                method=method,
                average=average,
            )
            - full
            for k in range(len(y))
        ]
    )
    variance = 0.0
    for c in np.unique(y):
        d = changes[y == c]
        variance += (len(d) - 1) / len(d) * ((d - d.mean()) ** 2).sum()
    return variance


@pytest.mark.parametrize("method", ["hand_till", "ovr"])
@pytest.mark.parametrize("average", ["macro", "weighted"])
@pytest.mark.parametrize("weighted", [False, True])
def test_variance_is_the_deleting_jackknife(method, average, weighted):
    rng = np.random.default_rng(11)
    y = np.repeat([0, 1, 2], [9, 12, 10])
    s = rng.integers(0, 5, (len(y), 3)).astype(float)
    w = rng.exponential(size=len(y)) + 0.2 if weighted else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # few rows: the Kish warning
        got = multiclass_auc_var(s, y, w, method=method, average=average)
    assert got == pytest.approx(brute_jackknife(s, y, w, method, average), rel=1e-10)


def test_univariate_variance_is_the_deleting_jackknife():
    rng = np.random.default_rng(12)
    y = np.repeat([0, 1, 2, 3], [6, 7, 8, 6])
    s = rng.integers(0, 6, len(y)).astype(float)
    got = multiclass_auc_var(s, y)
    assert got == pytest.approx(brute_jackknife(s, y, None, "hand_till", "macro"), rel=1e-10)


def test_two_classes_variance_is_auc_var():
    rng = np.random.default_rng(13)
    p = np.round(rng.random(60), 1)
    y = rng.integers(0, 2, 60)
    two = np.column_stack([1 - p, p])
    w = rng.exponential(size=60) + 0.5
    counts = rng.integers(1, 4, 60).astype(float)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert multiclass_auc_var(two, y) == pytest.approx(auc_var(p, y), rel=1e-12)
        assert multiclass_auc_var(two, y, w) == pytest.approx(auc_var(p, y, w), rel=1e-12)
    got = multiclass_auc_var(two, y, counts, weights_are="frequency")
    assert got == pytest.approx(auc_var(p, y, counts, weights_are="frequency"), rel=1e-12)


@pytest.mark.parametrize("method", ["hand_till", "ovr"])
def test_frequency_variance_is_repeated_rows(method):
    p, y, _ = three_classes(14, n=60, ties=True)
    counts = np.random.default_rng(14).integers(1, 4, len(y))
    rows = np.repeat(np.arange(len(y)), counts)
    for average in ("macro", "weighted"):
        got = multiclass_auc_var(
            p, y, counts, method=method, average=average, weights_are="frequency"
        )
        expected = multiclass_auc_var(p[rows], y[rows], method=method, average=average)
        assert got == pytest.approx(expected, rel=1e-12)


def test_interval():
    p, y, w = three_classes(15, n=400)
    estimate = multiclass_auc(p, y, w)
    variance = multiclass_auc_var(p, y, w)
    ci = multiclass_auc_ci(p, y, w, conf_level=0.9)
    assert ci.estimate == estimate
    assert ci.conf_level == 0.9
    assert np.isfinite(ci.df)  # uneven importance weights: Student t
    from scipy import stats

    half = stats.t.ppf(0.95, ci.df) * np.sqrt(variance)
    assert (ci.conf_low, ci.conf_high) == pytest.approx((estimate - half, estimate + half))
    unit = multiclass_auc_ci(p, y)
    half = stats.norm.ppf(0.975) * np.sqrt(multiclass_auc_var(p, y))
    assert unit.df == np.inf
    assert unit.conf_high - unit.conf_low == pytest.approx(2 * half)
    with pytest.raises(ValueError, match="at least 2 observations of each class"):
        multiclass_auc_var(p[:4], [0, 1, 2, 2])
    with pytest.raises(ValueError, match="integer weights"):
        multiclass_auc_var(p, y, w, weights_are="frequency")


# --- pROC, live ------------------------------------------------------------------

R_MULTICLASS = """function(y, p, levels, direction = ">") {
  colnames(p) <- levels
  m <- pROC::multiclass.roc(factor(y, levels = levels), p, direction = direction, quiet = TRUE)
  pairs <- unlist(lapply(m$rocs, function(x) c(pROC::auc(x[[1]]), pROC::auc(x[[2]]))))
  c(as.numeric(m$auc), pairs)
}"""


def proc_multiclass(r, y, p, direction=">"):
    """pROC's multiclass.roc of a matrix (its default direction is ">")."""
    levels = [f"c{k}" for k in range(p.shape[1])]
    names = np.array(levels)[y]
    matrix = r.r.matrix(r.FloatVector(p.T.ravel()), nrow=len(y))
    return np.array(r.r(R_MULTICLASS)(r.StrVector(names), matrix, r.StrVector(levels), direction))


@pytest.mark.parametrize("seed", range(3))
def test_hand_till_is_proc(r, seed):
    p, y, _ = three_classes(seed, n=200, classes=3 + seed, ties=seed == 1)
    expected = proc_multiclass(r, y, p)
    assert multiclass_auc(p, y) == pytest.approx(expected[0], rel=1e-13)
    k = p.shape[1]
    pairs = [
        auc_score(p[(y == a) | (y == b), a], y[(y == a) | (y == b)] == a)
        for i, j in combinations(range(k), 2)
        for a, b in ((i, j), (j, i))
    ]
    assert pairs == pytest.approx(expected[1:], rel=1e-13)


def test_direction_is_procs_flipped_for_a_matrix(r):
    # pROC's pairwise curve of column i takes class i as its control level:
    # its direction ">" (the default for a matrix) is "<" here, and "<" is ">"
    p, y, _ = three_classes(22, n=120, ties=True)
    assert multiclass_auc(p, y, direction=">") == pytest.approx(
        proc_multiclass(r, y, p, direction="<")[0], rel=1e-13
    )


def test_weighted_hand_till_is_proc_on_repeated_rows(r):
    p, y, _ = three_classes(20, n=150, ties=True)
    counts = np.random.default_rng(20).integers(1, 5, len(y))
    rows = np.repeat(np.arange(len(y)), counts)
    expected = proc_multiclass(r, y[rows], p[rows])[0]
    assert multiclass_auc(p, y, counts.astype(float)) == pytest.approx(expected, rel=1e-13)


def test_univariate_is_proc_on_asah(r):
    # pROC's tests/testthat/test-multiclass.R: aSAH$gos6 ~ s100b, "univariate
    # multiclass roc/auc works with directions" (gos6 has no level 2)
    r.r("data(aSAH, package = 'pROC')")
    gos6 = np.array(r.r("as.integer(as.character(aSAH$gos6))"))
    s100b = np.array(r.r("aSAH$s100b"))
    for direction, literal in (("<", 0.3487473175), (">", 0.6512526825)):
        call = (
            f'pROC::multiclass.roc(aSAH$gos6, aSAH$s100b, direction = "{direction}", quiet = TRUE)'
        )
        live = float(r.r(f"suppressWarnings(as.numeric({call}$auc))")[0])
        got = multiclass_auc(s100b, gos6, direction=direction)
        assert got == pytest.approx(live, rel=1e-13)
        assert got == pytest.approx(literal, abs=1e-10)
    # levels pick and order the classes, as pROC's levels=
    live = float(
        r.r(
            "as.numeric(pROC::multiclass.roc(aSAH$gos6, aSAH$s100b, levels = c(5, 1, 3), "
            'direction = "<", quiet = TRUE)$auc)'
        )[0]
    )
    assert multiclass_auc(s100b, gos6, levels=[5, 1, 3]) == pytest.approx(live, rel=1e-13)


def test_proc_matrix_literal():
    # pROC's test-multiclass.R "multivariate multiclass roc/auc works": the
    # perfectly separated three-class matrix gives 1
    rng = np.random.default_rng(0)
    n = [100, 80, 150]
    y = np.repeat([0, 1, 2], n)
    p = np.column_stack(
        [
            np.r_[rng.uniform(0.8, 1, n[0]), rng.uniform(0, 0.3, n[1] + n[2])],
            np.r_[
                rng.uniform(0.1, 0.4, n[0]), rng.uniform(0.8, 1, n[1]), rng.uniform(0, 0.2, n[2])
            ],
            np.r_[rng.uniform(0, 0.5, n[0] + n[1]), rng.uniform(0.8, 1, n[2])],
        ]
    )
    assert multiclass_auc(p, y) == 1.0
    assert multiclass_auc(p, y, direction=">") == 0.0


def test_exports():
    for name in ("multiclass_auc", "multiclass_roc", "multiclass_auc_var", "multiclass_auc_ci"):
        assert name in wr.__all__
        assert callable(getattr(wr, name))


# --- plot ---------------------------------------------------------------------


def test_multiclass_roc_plot():
    pytest.importorskip("plotnine")
    from weightedroc.plots import multiclass_roc_plot

    p, y, w = three_classes(21, n=90)
    names = np.array(["x", "y", "z"])[y]
    plot = multiclass_roc_plot(multiclass_roc(p, names, w))
    drawn = plot.data
    assert list(drawn["pair"].cat.categories) == ["x vs y", "x vs z", "y vs z"]
    assert drawn.groupby("pair", observed=True)["curve"].unique().map(sorted).to_dict() == {
        "x vs y": ["x | y", "y | x"],
        "x vs z": ["x | z", "z | x"],
        "y vs z": ["y | z", "z | y"],
    }
    assert (drawn["class"].astype(str) == drawn["positive"].astype(str)).all()
    rest = multiclass_roc_plot(multiclass_roc(p, names, w, method="ovr"))
    assert "pair" not in rest.data and sorted(rest.data["curve"].unique()) == [
        "x | rest",
        "y | rest",
        "z | rest",
    ]
    with pytest.raises(ValueError, match="no column 'positive'"):
        multiclass_roc_plot(WeightedROC([1, 2, 3], [0, 1, 1]))
    with pytest.raises(TypeError, match="must be a DataFrame"):
        multiclass_roc_plot([1, 2])


@pytest.mark.parametrize("seed", range(3))
def test_univariate_curves_are_weightedroc_of_each_pair(seed):
    s, y, w, k = tricky(seed)
    table = multiclass_roc(s[:, 0], y, w, direction=">")
    groups = table.groupby(["positive", "negative"], observed=True, sort=False)
    assert list(groups.groups) == [(b, a) for a, b in combinations(range(k), 2)]
    for (b, a), curve in groups:
        rows = (y == a) | (y == b)
        expected = WeightedROC(
            s[rows, 0], y[rows] == b, None if w is None else w[rows], direction=">"
        )
        got = curve.drop(columns=["positive", "negative"]).to_numpy()
        assert got.tobytes() == expected.to_numpy().tobytes()
