"""Design-based inference of the weighted AUC: the leaf functions that
`auc_var`, `auc_ci`, `roc_test` call with ``design=``.

The weights are sampling weights.  ``method="linearization"`` (the default
with a `SurveyDesign`) totals the AUC's influence values within PSUs and
varies them between PSUs within strata, with the fpc, as R's
``survey::svyrecvar``; ``method="replicate"`` (the default with
`ReplicateWeights` or ``replicates=``) recomputes the AUC under each
replicate's weights and combines them as ``survey::svrVar``.  With JKn
replicates this is svyROC's ``ci.wauc``, ``ht.paired`` and ``ht.indep``;
unlike svyROC it keeps the design's fpc (survey's fpc-scaled rscales) and
does not multiply the variance by the rows per PSU when every PSU has as
many rows (svyROC's ``apply(JKn.w == 0, 2, which)`` then returns a matrix).
"""

import math

import numpy as np
import pandas as pd

from ..engine.tally import area
from ..survey.auc import full_area, influence, replicate_aucs
from ..survey.design import ReplicateWeights, check_method, weights_of
from ..survey.variance import svr_var, svyrecvar
from .checks import check_choice, partial_area
from .distributions import p_value, t_quantile
from .grouped_delong import group_influence, restricted
from .request import plan, read
from .results import AUCInterval, HTest

QUANTILES = ("normal", "t")


def design_method(method, design, replicates):
    """The dispatchers' method: None is each input's natural one (pROC's
    "delong" without a design, the design's own with one); an explicit
    "delong" with a design is an error that names what works."""
    if design is None and replicates is None:
        return "delong" if method is None else method
    if method == "delong":
        raise _no_delong()
    return method


def _no_delong():
    return ValueError(
        'method="delong" has no design-based form: with design= give '
        'method="linearization" (a SurveyDesign) or method="replicate" '
        "(replicate weights), or leave method out for the design's own"
    )


def design_request(design, replicates, method, weights_are="importance"):
    """The dispatchers' one check of ``design=``: None without a design,
    else ``(design, replicates, method)`` for the leaves, the dispatchers'
    method None read as the design's own (an explicit "delong" is an error).
    `ReplicateWeights` given as ``replicates=`` alone are the design."""
    if design is None:
        if replicates is None:
            return None
        if not isinstance(replicates, ReplicateWeights):
            raise ValueError(
                f"replicates={replicates!r} needs the design: give design=SurveyDesign(...)"
            )
        design, replicates = replicates, None
    if weights_are != "importance":
        raise ValueError(
            f'with design= the weights are sampling weights: weights_are="importance", '
            f"got {weights_are!r}"
        )
    if method == "delong":
        raise _no_delong()
    if method is not None:
        check_method(method)
    return design, replicates, method


_plan = plan  # the name multiclass and pr_interval import


def sampling_weights(weight, design):
    """The sampling weights of a design-based call: the design's own
    (`SurveyDesign(weight=)`) or the `weight` given, which must agree with
    them (`survey.design.weights_of`).  The one place every design-based
    leaf (`auc_var`, `auc_cov`, `auc_ci`, `roc_test` of two or K curves,
    multiclass) reads them from."""
    return weights_of(design, weight)


def values_of(curve, plan, partial):
    """(estimate, linearization influence values or replicate estimates) of
    one curve of a request (`weightedroc.inference.request.Curve`), from its
    one sort."""
    method, coded, reps = plan
    if method == "linearization":
        if partial is not None:
            raise ValueError(
                'partial areas have no linearization here: use method="replicate" '
                '(with replicates="JKn", for example)'
            )
        return influence(*curve.data, ordered=curve.ordered)
    if partial:
        estimate = full_area(*curve.data, partial, ordered=curve.ordered)
    else:
        estimate = area(curve.ordered)  # auc_score's bits
    return estimate, replicate_aucs(*curve.data, reps, partial, ordered=curve.ordered)


def _variance(values, plan, estimate):
    method, coded, reps = plan
    if method == "linearization":
        return float(svyrecvar(values, coded)[0, 0]), float(coded.df)
    return float(svr_var(values, reps, estimate)[0, 0]), reps.degf


def plan_words(plan):
    """What a design-based variance computed, in words."""
    if plan[0] == "linearization":
        return "linearization (svyrecvar)"
    reps = plan[2]
    kind = reps.type if reps.type != "other" else "design"
    return f"{kind} replicates ({reps.n_replicates})"


def _df(quantile, df):
    """inf for the normal quantile, else the degrees of freedom (`df` a
    number, or a function that computes them)."""
    check_choice(quantile, "quantile", QUANTILES)
    if quantile == "normal":
        return math.inf
    return float(df()) if callable(df) else float(df)


def design_auc_var(
    guess,
    label,
    weight=None,
    *,
    design,
    replicates=None,
    method=None,
    positive=None,
    direction="<",
    n_boot=50,
    seed=None,
    fpr_range=None,
    tpr_range=None,
    correct=False,
):
    """The design-based variance of the (partial) weighted AUC (`auc_var` with ``design=``)."""
    partial = partial_area("auc_var", fpr_range, tpr_range, correct)
    request = read(
        [guess], label, weight, function="auc_var", method=method, positive=positive,
        direction=direction, partial=partial, design=(design, replicates, method),
        n_boot=n_boot, seed=seed,
    )  # fmt: skip
    return design_var(request)


def design_var(r) -> float:
    """The design-based variance of a request's one curve."""
    estimate, values = values_of(r.curves[0], r.plans[0], r.partial)
    return _variance(values, r.plans[0], estimate)[0]


def design_auc_ci(
    guess,
    label,
    weight=None,
    *,
    design,
    replicates=None,
    method=None,
    conf_level=0.95,
    quantile="normal",
    positive=None,
    direction="<",
    n_boot=50,
    seed=None,
    fpr_range=None,
    tpr_range=None,
    correct=False,
):
    """The design-based Wald interval of the (partial) weighted AUC (`auc_ci`
    with ``design=``): normal quantile (svyROC's), or ``quantile="t"`` with
    survey's degrees of freedom (PSUs minus strata; the replicate weights'
    rank minus 1)."""
    partial = partial_area("auc_ci", fpr_range, tpr_range, correct)
    request = read(
        [guess], label, weight, function="auc_ci", method=method, conf_level=conf_level,
        quantile=quantile, positive=positive, direction=direction, partial=partial,
        design=(design, replicates, method), n_boot=n_boot, seed=seed,
    )  # fmt: skip
    return design_interval(request)


def design_interval(r) -> AUCInterval:
    """The design-based Wald interval of a request's one curve (``r.quantile``
    "normal" or "t")."""
    plan = r.plans[0]
    estimate, values = values_of(r.curves[0], plan, r.partial)
    variance, df = _variance(values, plan, estimate)
    df = _df(r.quantile, df)
    half = t_quantile(df, 1 - (1 - r.conf_level) / 2) * math.sqrt(variance)
    reps = np.empty(0) if plan[0] == "linearization" else values
    return AUCInterval(
        estimate,
        estimate - half,
        estimate + half,
        r.conf_level,
        len(reps),
        reps,
        df,
        std_error=math.sqrt(variance),
        method=plan_words(plan),
    )


def design_roc_test(
    guess1,
    guess2,
    label,
    weight=None,
    *,
    design,
    label2=None,
    weight2=None,
    design2=None,
    replicates=None,
    replicates2=None,
    method=None,
    alternative="two.sided",
    conf_level=0.95,
    quantile="normal",
    positive=None,
    direction="<",
    n_boot=50,
    seed=None,
    data_name=None,
):
    """Design-based test of equal AUCs (`roc_test` with ``design=``): paired
    (one sample, one design: svyROC's ``ht.paired``), or independent
    samples each with its design (``label2=``, ``design2=``: ``ht.indep``)."""
    request = read(
        [guess1, guess2], label, weight, function="roc_test", method=method,
        label2=label2, weight2=weight2, positive=positive, direction=direction,
        design=(design, replicates, method),
        design2=None if design2 is None else (design2, replicates2),
        alternative=alternative, conf_level=conf_level, quantile=quantile, n_boot=n_boot,
        seed=seed, data_name=data_name,
    )  # fmt: skip
    return design_test(request)


def design_test(r) -> HTest:
    """The design-based test of a request's two curves: paired (one sample,
    one design) or independent (each sample its design)."""
    plan = r.plans[0]
    auc1, v1 = values_of(r.curves[0], plan, None)
    auc2, v2 = values_of(r.curves[1], r.plans[-1], None)
    if r.paired:
        variance, df = _variance(v1 - v2, plan, auc1 - auc2)
        title = "Design-based test for two correlated ROC curves"
    else:
        var1, df1 = _variance(v1, plan, auc1)
        var2, df2 = _variance(v2, r.plans[1], auc2)
        variance = var1 + var2
        df = lambda: min(_df("t", df1), _df("t", df2))  # noqa: E731
        title = "Design-based test for two independent ROC curves"
    df = _df(r.quantile, df)
    sd = math.sqrt(variance)
    difference = auc1 - auc2
    statistic = (
        difference / sd if sd > 0 else math.copysign(math.inf, difference) if difference else 0.0
    )
    q = t_quantile(df, 1 - (1 - r.conf_level) / 2)
    return HTest(
        float(statistic),
        float(p_value(statistic, r.alternative, df)),
        {"AUC of roc1": auc1, "AUC of roc2": auc2},
        f"{title} ({plan_words(plan)})",
        r.alternative,
        conf_low=difference - q * sd,
        conf_high=difference + q * sd,
        conf_level=r.conf_level,
        parameter={} if math.isinf(df) else {"df": float(df)},
        data_name=r.data_name or "guess1 and guess2",
        statistic_name="Z" if math.isinf(df) else "t",
        std_error=sd,
    )


def column_errors(own, values, reps):
    """The standard error of each column of replicate `values` (as
    ``svrVar``, column by column: a replicate whose value is NaN in one
    column, e.g. a precision where it calls nothing positive, leaves only
    that column, with survey's warning); NaN where `own` is."""
    errors = np.full(len(own), np.nan)
    for j in np.flatnonzero(~np.isnan(own)):
        if not np.isnan(values[:, j]).all():
            errors[j] = math.sqrt(svr_var(values[:, j], reps, own[j])[0, 0])
    return errors


def replicate_band(given, points, own, variance, df, conf_level, reps):
    """The frame of `ci_se`/`ci_sp` under replicate weights: at each given
    point the other rate, its Wald interval (t with `df`, clipped to
    [0, 1]) and standard error."""
    half = t_quantile(df, 1 - (1 - conf_level) / 2) * np.sqrt(variance)
    other = "sensitivity" if given == "specificity" else "specificity"
    band = pd.DataFrame(
        {
            given: points,
            other: own,
            "conf_low": np.clip(own - half, 0, 1),
            "conf_high": np.clip(own + half, 0, 1),
            "std_error": np.sqrt(variance),
        }
    )
    words = plan_words(("replicate", None, reps))
    band.attrs.update(
        conf_level=conf_level, n_replicates=reps.n_replicates, method=f"design-based, {words}"
    )
    return band


def _gauc(codes, size, guess, positive, weight, group_weight, min_per_class, by_guess=None):
    """(GAUC, each used group's AUC and weight, used) under `weight` (rows
    of weight 0 left out; groups without `min_per_class` such rows of each
    class skipped, as GAUC defines); `by_guess`: an order of all rows by
    guess within each group (then there is no sort)."""
    kept = weight > 0
    c, g, p, w = codes[kept], guess[kept], positive[kept], weight[kept]
    order = None if by_guess is None else restricted(by_guess, kept)
    auc, _ = group_influence(c, size, g, p, w, order)
    rows = np.bincount(2 * c + p, minlength=2 * size)
    used = (rows[0::2] >= min_per_class) & (rows[1::2] >= min_per_class)
    counted = w if group_weight == "weight" else np.where(p, w, 0.0)
    weights = np.bincount(c, weights=counted, minlength=size)
    with np.errstate(invalid="ignore", divide="ignore"):
        return float(np.dot(weights[used], auc[used]) / weights[used].sum())


def gauc_influence(
    codes, size, guess, positive, weight, group_weight, min_per_class, by_guess=None
):
    """Each row's influence value on GAUC (weights positive):
    ``(g_i z_k + w_k c_k (AUC_i - GAUC)) / sum g`` for the rows of the
    groups used, 0 for the others (see `design_gauc_variance`)."""
    auc, z = group_influence(codes, size, guess, positive, weight, by_guess)
    rows = np.bincount(2 * codes + positive, minlength=2 * size)
    used = (rows[0::2] >= min_per_class) & (rows[1::2] >= min_per_class)
    counted = weight if group_weight == "weight" else np.where(positive, weight, 0.0)
    totals = np.bincount(codes, weights=counted, minlength=size)
    estimate = np.dot(totals[used], auc[used]) / totals[used].sum()
    mine = used[codes]
    values = np.zeros(len(guess))
    values[mine] = (
        totals[codes[mine]] * z[mine] + counted[mine] * (auc[codes[mine]] - estimate)
    ) / totals[used].sum()
    return values


def design_gauc_variance(
    codes,
    size,
    arrays,
    *,
    group_weight,
    min_per_class,
    design,
    replicates=None,
    method=None,
    n_boot=50,
    seed=None,
    by_guess=None,
):
    """(variance, df, method) of GAUC = sum g_i AUC_i / sum g_i over the
    groups used (`group_auc` with ``design=``), the g_i the groups' sampling
    weight totals (``group_weight`` "weight") or their positives'
    ("positive_weight").  Linearization: each row's influence value
    ``(g_i z_k + w_k c_k (AUC_i - GAUC)) / sum g`` (z_k its influence on
    its group's AUC, c_k 1 or its label), totalled by ``svyrecvar``;
    replicates: GAUC recomputed under each replicate's weights (groups
    that lose a class skipped), combined as ``svrVar``.  `arrays` are the
    validated (guess, positive, weight), guesses negated for ">";
    `by_guess`, an order of the rows by guess within each group: given, no
    replicate sorts them again."""
    if group_weight not in ("weight", "positive_weight"):
        raise ValueError(
            'with design= the groups count by their sampling weight: give group_weight="weight" '
            '(each group\'s estimated population rows) or "positive_weight"; "n" and "equal" '
            "are sample counts, which miss the groups' sampling"
        )
    guess, positive, weight = arrays
    weights_of(design, weight, takes=False)
    weight = np.ones(len(guess)) if weight is None else weight
    plan = _plan(design, replicates, method, len(guess), n_boot, seed)
    if plan[0] == "linearization":
        values = gauc_influence(
            codes, size, guess, positive, weight, group_weight, min_per_class, by_guess
        )
        return float(svyrecvar(values, plan[1])[0, 0]), float(plan[1].df), plan[0]
    estimate = _gauc(codes, size, guess, positive, weight, group_weight, min_per_class, by_guess)
    reps = plan[2]
    factors = reps.matrix if reps.index is None else reps.matrix[reps.index]
    base = np.ones(len(guess)) if reps.combined else weight
    thetas = np.array(
        [
            _gauc(
                codes,
                size,
                guess,
                positive,
                base * factors[:, r],
                group_weight,
                min_per_class,
                by_guess,
            )
            for r in range(reps.n_replicates)
        ]
    )
    return float(svr_var(thetas, reps, estimate)[0, 0]), reps.degf, f"replicate ({reps.type})"
