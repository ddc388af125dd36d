"""power_roc_test: sample size and power of ROC curve tests, as pROC's ``power.roc.test``.

One curve (or only an AUC): Obuchowski et al. (2004, formulas 2 and 3) for
the test of AUC = 0.5 against the AUC theta, with V0 = 0.0792 (1 + 1/kappa)
the variance times ncases under the null and V(theta) that under the
alternative (`weightedroc.inference.obuchowski.var_theta`),

    ncases = (z_alpha sqrt(V0) + z_beta sqrt(V(theta)))^2 / (theta - 0.5)^2,

solved for ncases, z_alpha (the significance level) or z_beta (the power)
in closed form, and for theta with R's ``uniroot`` (`uniroot` here: its
algorithm and default tolerance, so the AUC is pROC's, which is within
about 1e-4 of the exact root).

Two paired curves: Obuchowski and McClish (1997, formulas 2 and 3), the
same equation with delta = AUC1 - AUC2, V0 = 2 var1 - 2 cov and
VA = var1 + var2 - 2 cov (each times ncases), from DeLong's, Obuchowski's
or the bootstrap variance and covariance (`auc_var`, `auc_cov`).  pROC's
bootstrap (``covvar``) takes var1 and var2 from the replicates of its one
``cov`` run; here the three share one integer seed, so that they come from
the same replicates too.
"""

from __future__ import annotations

import dataclasses
import math
import numbers
from typing import NamedTuple

import numpy as np

from ..engine.validation import one_label_warning
from ..utils.normal import pnorm, qnorm
from ..utils.roots import zeroin
from ..utils.signatures import in_help
from ..utils.types import Direction, LabelValue
from .bootstrap import area_of as bootstrap_area
from .checks import (
    WEIGHTS_ARE,
    check_choice,
    check_n_boot,
    curve_partials,
    partial_area,
)
from .obuchowski import PairedFit, class_sizes, fit_of, fpr_range_of, var_theta
from .replicates import samples
from .request import read
from .results import PowerTest, r_format  # noqa: F401  (r_format: public here before)
from .variance import COV, VAR

ALTERNATIVES = ("two.sided", "one.sided")
METHODS = ("delong", "obuchowski", "bootstrap")
ONE = "One ROC curve power calculation"
TWO = "Two ROC curves power calculation"
EPSILON = np.finfo(float).eps


def uniroot(f, lower, upper, tol=EPSILON**0.25, maxiter=1000):
    """A root of `f` in [lower, upper] as R's ``uniroot`` finds it (Brent's
    zeroin, R's ``R_zeroin2``, with R's default tolerance), so that the
    result is R's and not merely close to the exact root."""
    fa, fb = f(lower), f(upper)
    for value, end in ((fa, "lower"), (fb, "upper")):
        if math.isnan(value):
            raise ValueError(f"f.{end} = f({end}) is NA")
    if fa * fb > 0:
        raise ValueError("f() values at end points not of opposite sign")
    return zeroin(f, lower, upper, fa, fb, tol, maxiter)[0]


def _as_r(formula):
    """`formula` evaluated in numpy floats, as R would: a division by 0 is
    +-Inf (or NaN) and the square root of a negative NaN, not an error
    (pROC's results in such cases, e.g. two identical curves)."""

    def evaluated(*args):
        with np.errstate(divide="ignore", invalid="ignore"):
            return float(formula(*map(np.float64, args)))

    return evaluated


@_as_r
def _solved_ncases(zalpha, zbeta, v0, va, delta):
    """pROC's ``solve.nd``: Obuchowski's formula solved for ncases."""
    return (zalpha * np.sqrt(v0) + zbeta * np.sqrt(va)) ** 2 / delta**2


@_as_r
def _solved_zbeta(nd, zalpha, v0, va, delta):
    """pROC's ``solve.zbeta``: the formula solved for the power's quantile."""
    return (np.sqrt(nd * delta**2) - zalpha * np.sqrt(v0)) / np.sqrt(va)


@_as_r
def _solved_zalpha(nd, zbeta, v0, va, delta):
    """pROC's ``solve.zalpha``: the formula solved for the level's quantile."""
    return (np.sqrt(nd * delta**2) - zbeta * np.sqrt(va)) / np.sqrt(v0)


class Formula(NamedTuple):
    """Obuchowski's sample size equation, ncases = (z_alpha sqrt(v0) +
    z_beta sqrt(va))^2 / delta^2, with v0 and va ncases times the variance
    of the statistic under the null and the alternative."""

    v0: float
    va: float
    delta: float

    @classmethod
    def one_auc(cls, auc, kappa):
        """The test of AUC = 0.5 (Obuchowski et al. 2004)."""
        return cls(0.0792 * (1 + 1 / kappa), var_theta(auc, kappa), auc - 0.5)

    @classmethod
    def difference(cls, var1, var2, cov, delta):
        """The test of AUC1 = AUC2 (Obuchowski and McClish 1997): the null
        takes curve 1 as both curves."""
        return cls(2 * var1 - 2 * cov, var1 + var2 - 2 * cov, delta)

    def ncases(self, sig_level, power):
        return _solved_ncases(qnorm(1 - sig_level), qnorm(power), *self)

    def power(self, ncases, sig_level):
        return pnorm(_solved_zbeta(ncases, qnorm(1 - sig_level), *self))

    def sig_level(self, ncases, power):
        return 1 - pnorm(_solved_zalpha(ncases, qnorm(power), *self))


def _number(value, name, low=None, high=None, positive=False):
    """A real number (or None) within pROC's bounds, with pROC's words."""
    if value is None:
        return None
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number or None, got {value!r}")
    value = float(value)
    if positive and not value > 0:
        raise ValueError(f"{name} must be positive, got {value!r}")
    if low is not None and not low <= value <= high:
        raise ValueError(f"{name} must range from {low} to {high}, got {value!r}")
    return value


def _auc_function(ncases, ncontrols, sig_level, power):
    """pROC's ``power.roc.test.optimize.auc.function``: the ncases an AUC
    needs, less `ncases` (+Inf at 0.5, as R's division by 0)."""
    kappa = ncontrols / ncases
    return lambda theta: Formula.one_auc(theta, kappa).ncases(sig_level, power) - ncases


def _one_curve(auc, ncases, ncontrols, sig_level, power, kappa):
    """pROC's ``power.roc.test.numeric`` (its sig_level already one-sided)."""
    if ncontrols is None and ncases is not None:
        ncontrols = kappa * ncases
    elif ncases is None and ncontrols is not None:
        ncases = ncontrols / kappa
    sizes_missing = ncases is None or ncontrols is None
    need_sizes = (
        "ncontrols and ncases (or one of these with kappa) or auc must be given (or a curve, roc1)"
    )
    if auc is None:
        if sizes_missing:
            raise ValueError(need_sizes)
        if power is None:
            raise ValueError("power or auc must be given")
        if sig_level is None:
            raise ValueError("sig_level or auc must be given")
        needed = _auc_function(ncases, ncontrols, sig_level, power)
        try:
            auc = uniroot(needed, 0.5, 1 - 1e-16)
        except ValueError as error:
            raise ValueError(
                f"AUC could not be solved: {error} (no AUC between 0.5 and 1 gives "
                f"this power with {ncases:g} cases and {ncontrols:g} controls)"
            ) from None
        return ncases, ncontrols, auc, sig_level, power
    if ncases is None and ncontrols is None:
        if power is None:
            raise ValueError(need_sizes)
        if sig_level is None:
            raise ValueError("sig_level or ncases and ncontrols must be given")
        ncases = Formula.one_auc(auc, kappa).ncases(sig_level, power)
        return ncases, kappa * ncases, auc, sig_level, power
    if sizes_missing:
        raise ValueError(need_sizes)
    formula = Formula.one_auc(auc, ncontrols / ncases)
    if power is None:
        if sig_level is None:
            raise ValueError("sig_level or power must be given")
        return ncases, ncontrols, auc, sig_level, formula.power(ncases, sig_level)
    if sig_level is None:
        return ncases, ncontrols, auc, formula.sig_level(ncases, power), power
    raise ValueError(
        "exactly one of power, sig_level, auc, or both ncases and ncontrols must "
        "be None: the one to solve for"
    )


def _curve(roc, name):
    """(guess, label, weight) of a curve given as a tuple."""
    if not isinstance(roc, tuple) or len(roc) not in (2, 3):
        raise TypeError(
            f"{name} must be a tuple (guess, label) or (guess, label, weight) of "
            f"one curve's observations, got {type(roc).__name__}"
        )
    return roc if len(roc) == 3 else (*roc, None)


def one_seed(seed):
    """One integer seed for the bootstrap's variances and covariance: the
    same replicates for all three, as pROC's one ``cov`` run."""
    if isinstance(seed, (numbers.Integral, np.integer)) and not isinstance(seed, bool):
        return int(seed)
    return int(np.random.default_rng(seed).integers(2**63))


def _covvar(r, ncases):
    """pROC's ``covvar`` of a request's two paired curves: var1, var2 and
    cov of the two AUCs, times ncases, each method a leaf of the request
    (the bootstrap's three from the same replicates, as pROC's)."""
    if r.method == "obuchowski":
        return fit_of(r.curves, r.weights_are).covvar((fpr_range_of(r.partial)[0],) * 2)
    first, second = (dataclasses.replace(r, curves=(c,)) for c in r.curves)
    variance, covariance = VAR[r.method], COV[r.method]
    return ncases * variance(first), ncases * variance(second), ncases * covariance(r)


def _two_curves(
    first, second, sig_level, power, kappa, method, weights_are, options, partial, boot
):
    """pROC's ``power.roc.test.roc`` of two paired curves (`sig_level`
    one-sided); returns ncases, ncontrols, (AUC1, AUC2), sig_level, power.
    The two curves are read once (`weightedroc.inference.request.read`)."""
    (guess1, label, weight), (guess2, label2, weight2) = first, second
    resampling = {} if boot is None else dict(boot, seed=one_seed(boot["seed"]))
    r = read(
        [guess1, guess2], label, weight, function="power_roc_test", method=method,
        label2=label2, weight2=weight2, weights_are=weights_are, partial=partial,
        **options, **resampling,
    )  # fmt: skip
    if not r.paired:
        raise ValueError(
            "The sample size for a difference in AUC cannot be applied to unpaired "
            "ROC curves yet: roc1 and roc2 need the same labels (and weights)"
        )
    ncases, ncontrols = class_sizes(r.label, r.weight, weights_are)
    if kappa is None:
        kappa = ncontrols / ncases
    aucs = tuple(float(bootstrap_area(s, partial)) for s in samples(r))
    var1, var2, cov = _covvar(r, ncases)
    difference = Formula.difference(var1, var2, cov, aucs[0] - aucs[1])
    if power is None:
        if sig_level is None:
            raise ValueError("sig_level or power must be given")
        return ncases, ncontrols, aucs, sig_level, difference.power(ncases, sig_level)
    if sig_level is None:
        return ncases, ncontrols, aucs, difference.sig_level(ncases, power), power
    ncases = difference.ncases(sig_level, power)
    return ncases, kappa * ncases, aucs, sig_level, power


BINORMAL = ("A1", "B1", "A2", "B2", "rn", "ra", "delta")
BINORMAL_RANGES = ("FPR11", "FPR12", "FPR21", "FPR22")


def _binormal(params, ncases, ncontrols, sig_level, power, kappa):
    """pROC's ``power.roc.test.list``: two curves from their binormal
    parameters (`sig_level` one-sided)."""
    missing = [key for key in BINORMAL if key not in params]
    if missing:
        raise ValueError(f"Missing parameter(s): {', '.join(missing)}")
    unknown = sorted(set(params) - set(BINORMAL) - set(BINORMAL_RANGES))
    if unknown:
        raise TypeError(f"unknown binormal parameter(s) {unknown}: expected {BINORMAL}")
    # FPRx1 is the upper bound of curve x's range, FPRx2 its lower bound.
    ranges = tuple(
        None
        if params.get(f"FPR{i}1") is None or params.get(f"FPR{i}2") is None
        else (params[f"FPR{i}2"], params[f"FPR{i}1"])
        for i in (1, 2)
    )
    if ncontrols is None and ncases is not None:
        ncontrols = kappa * ncases
    elif ncases is None and ncontrols is not None:
        ncases = ncontrols / kappa
    sizes = ncases is not None and ncontrols is not None
    kappa = ncontrols / ncases if sizes else kappa
    first, second = (params["A1"], params["B1"]), (params["A2"], params["B2"])
    fit = PairedFit(first, second, params["rn"], params["ra"], kappa, math.nan)
    difference = Formula.difference(*fit.covvar(ranges), params["delta"])
    if not sizes:
        if power is None:
            raise ValueError("ncontrols and ncases (or one of these with kappa) must be given")
        if sig_level is None:
            raise ValueError("sig_level or ncases and ncontrols must be given")
        ncases = difference.ncases(sig_level, power)
        return ncases, kappa * ncases, None, sig_level, power
    if power is None:
        if sig_level is None:
            raise ValueError("sig_level or power must be given")
        return ncases, ncontrols, None, sig_level, difference.power(ncases, sig_level)
    if sig_level is None:
        return ncases, ncontrols, None, difference.sig_level(ncases, power), power
    raise ValueError(
        "exactly one of power, sig_level, or both ncases and ncontrols must be None: "
        "the one to solve for"
    )


def _partial_of(partial, two_curves, method):
    """The checked partial area of two curves' test (None: the full AUC)."""
    if partial is None:
        return None
    if not two_curves:
        raise ValueError(
            "a partial area (fpr_range=, tpr_range=) needs two curves (roc1 and roc2): "
            "the power of one curve "
            "uses its full AUC, as pROC"
        )
    if partial["correct"]:
        raise ValueError("Cannot compute power with corrected partial AUCs")
    if partial["tpr_range"] is not None and method != "bootstrap":
        raise ValueError(
            "Obuchowski method is not supported for partial AUC on sensitivity "
            "region (tpr_range). Use fpr_range instead."
        )
    return partial


@in_help
def power_roc_test(
    roc1: tuple | dict | None = None,
    roc2: tuple | None = None,
    *,
    auc: float | None = None,
    ncases: float | None = None,
    ncontrols: float | None = None,
    kappa: float | None = None,
    sig_level: float | None = 0.05,
    power: float | None = None,
    alternative: str = "two.sided",
    method: str = "delong",
    weights_are: str = "importance",
    positive: LabelValue = None,
    direction: Direction = "<",
    fpr_range: tuple | None = None,
    tpr_range: tuple | None = None,
    correct: bool | tuple[bool, bool] = False,
    n_boot: int | None = None,
    seed: int | np.random.Generator | None = None,
    stratified: bool | None = None,
    partial_auc: dict | None = None,
) -> PowerTest:
    """Sample size, power, significance level or AUC of ROC curve tests, as
    pROC's ``power.roc.test``.

    Whichever of `power`, `sig_level`, `auc`, or both `ncases` and
    `ncontrols`, is None is solved for from the others.

    - No curve: the test of one AUC against 0.5 (Obuchowski et al. 2004),
      from `auc`, `ncases`, `ncontrols` (or one of them with `kappa`),
      `sig_level` and `power`.  The AUC is solved with R's ``uniroot``
      (its algorithm and tolerance), as pROC.
    - One curve, `roc1`: the same test with the curve's AUC and numbers of
      observations; only its AUC and sizes are used.
    - Two paired curves, `roc1` and `roc2`: the test of equal AUCs
      (Obuchowski and McClish 1997), with the variance and covariance of
      `method`.
    - Binormal parameters of two curves, `roc1` a dict (pROC's list): the
      same test without data.

    Parameters
    ----------
    roc1, roc2 : tuple, optional
        Curves as ``(guess, label)`` or ``(guess, label, weight)`` (as for
        `WeightedROC`).  Two curves must be paired: the same labels (and
        weights), as pROC's ``are.paired``.  `roc1` may instead be a dict
        of pROC's binormal parameters of two curves, ``A1``, ``B1``,
        ``A2``, ``B2``, ``rn`` and ``ra`` (the scores' correlations among
        negatives and positives) and ``delta`` (AUC1 - AUC2), with
        ``FPR11``, ``FPR12`` (upper and lower FPR bounds of curve 1) and
        ``FPR21``, ``FPR22`` for partial areas.
    auc : float, optional
        The expected AUC, without curves.
    ncases, ncontrols : float, optional
        Numbers of positive and negative observations, without curves.
    kappa : float, optional
        ncontrols / ncases, to deduce the one of `ncases` and `ncontrols`
        that is missing (1 by default without curves), or ncontrols from
        a solved ncases (the curves' ratio by default).
    sig_level : float or None, default 0.05
        The significance level; None to solve for it.
    power : float, optional
        The power; None (default) to solve for it.
    alternative : {"two.sided", "one.sided"}
        A two-sided test halves `sig_level` in each tail.
    method : {"delong", "obuchowski", "bootstrap"}
        Two curves: the variance and covariance of the AUCs (`auc_var`,
        `auc_cov`).  pROC's default is DeLong's too.  One curve, or none,
        uses no variance of data: `method` has no effect, as in pROC.
    weights_are : {"importance", "frequency"}
        As for `auc_var`.  The curves' ncases and ncontrols are the sums
        of frequency weights (pROC's on the rows repeated) and Kish's
        effective sizes (sum w)^2 / sum w^2 of importance weights.
    positive, direction
        As for `WeightedROC`; both curves use them.
    fpr_range, tpr_range, correct
        A partial area, as `weightedroc.partial_auc`.  Two curves,
        ``method="obuchowski"``: compare partial areas over ``fpr_range``
        (pROC's ``partial.auc``, focus on specificity);
        ``method="bootstrap"``: over ``fpr_range`` or ``tpr_range``.  A
        standardised area (``correct=True``) is an error, as in pROC, and
        so is a different area per curve (e.g. ``fpr_range=((0, 0.1), (0,
        0.2))``): pROC's "Different AUC specifications in the ROC curves."
    n_boot, seed, stratified : optional
        ``method="bootstrap"`` only (pROC's ``boot.n`` and
        ``boot.stratified``, by default 2000 and True): the number of
        replicates, the seed of ``numpy.random.default_rng`` and whether
        positives and negatives are resampled apart, as for `auc_var`.
        var1, var2 and cov come from the same replicates (one integer
        seed, drawn from `seed` when it is None or a Generator), as pROC's
        ``covvar`` takes them from one ``cov`` run.  Giving them with
        another method is a TypeError (pROC ignores them).
        ``partial_auc=dict(...)`` (deprecated in 1.2, not shown by help())
        still gives the partial area, with a FutureWarning.

    Returns
    -------
    PowerTest
        ``ncases``, ``ncontrols``, ``auc`` (a pair for two curves, None
        for binormal parameters), ``sig_level``, ``power``,
        ``alternative`` and ``method``; it prints as R's ``power.htest``.

    Raises
    ------
    ValueError
        When not exactly one quantity is missing, with a value out of
        range, unpaired curves, or no AUC reaching the power.

    Examples
    --------
    >>> from weightedroc import power_roc_test
    >>> power_roc_test(ncases=41, ncontrols=72, auc=0.73)  # doctest: +NORMALIZE_WHITESPACE
    <BLANKLINE>
         One ROC curve power calculation
    <BLANKLINE>
             ncases = 41
          ncontrols = 72
                auc = 0.73
          sig.level = 0.05
              power = 0.9897453
    <BLANKLINE>
    <BLANKLINE>
    >>> round(power_roc_test(ncases=41, ncontrols=72, power=0.95).auc, 7)  # pROC
    0.6961054
    >>> from weightedroc import load_asah
    >>> asah = load_asah()
    >>> test = power_roc_test((asah["ndka"], asah["outcome"]), (asah["wfns"], asah["outcome"]),
    ...                       power=0.9)
    >>> round(test.ncases, 5), round(test.ncontrols, 4)  # pROC: 64.77777, 113.7561
    (64.77777, 113.7561)
    >>> binormal = dict(A1=2.6, B1=1, A2=1.9, B2=1, rn=0.6, ra=0.6, delta=0.037,
    ...                 FPR11=0.2, FPR12=0, FPR21=0.2, FPR22=0)
    >>> round(power_roc_test(binormal, power=0.8).ncases, 4)  # pROC: 107.0238
    107.0238
    >>> boot = power_roc_test((asah["ndka"], asah["outcome"]), (asah["wfns"], asah["outcome"]),
    ...                       power=0.9, method="bootstrap", n_boot=500, seed=1)
    >>> 40 < boot.ncases < 100  # Monte Carlo error around DeLong's 64.8
    True
    """
    check_choice(alternative, "alternative", ALTERNATIVES)
    check_choice(method, "method", METHODS)
    check_choice(weights_are, "weights_are", WEIGHTS_ARE)
    sig_level = _number(sig_level, "sig_level", 0, 1)
    power = _number(power, "power", 0, 1)
    kappa = _number(kappa, "kappa", positive=True)
    auc = _number(auc, "auc", 0, 1)
    ncases = _number(ncases, "ncases", positive=True)
    ncontrols = _number(ncontrols, "ncontrols", positive=True)
    if roc1 is None and roc2 is not None:
        raise TypeError("give the first curve as roc1 (roc2 is the second)")
    boot = _bootstrap_options(method, n_boot, seed, stratified)
    if partial_auc is None:
        partials = curve_partials("power_roc_test", fpr_range, tpr_range, correct, False)
        if partials[0] != partials[1]:  # pROC: an error here, not roc.test's warning
            raise ValueError("Different AUC specifications in the ROC curves.")
        partial = partials[0]
    else:
        partial = partial_area("power_roc_test", fpr_range, tpr_range, correct, partial_auc)
    partial = _partial_of(partial, roc2 is not None, method)
    one_sided = sig_level if sig_level is None or alternative == "one.sided" else sig_level / 2
    if isinstance(roc1, dict):
        if roc2 is not None or auc is not None:
            raise TypeError("binormal parameters (roc1 a dict) take no roc2 and no auc")
        solved = _binormal(
            roc1, ncases, ncontrols, one_sided, power, 1.0 if kappa is None else kappa
        )
    elif roc1 is not None:
        given = [
            n
            for n, v in (("auc", auc), ("ncases", ncases), ("ncontrols", ncontrols))
            if v is not None
        ]
        if given:
            raise TypeError(f"{', '.join(given)} come(s) from the curves: give them without roc1")
        options = {"positive": positive, "direction": direction}
        first = _curve(roc1, "roc1")
        if roc2 is None:
            solved = _one_of_data(first, one_sided, power, kappa, weights_are, options)
        else:
            with one_label_warning():
                request = (one_sided, power, kappa, method, weights_are, options, partial, boot)
                solved = _two_curves(first, _curve(roc2, "roc2"), *request)
    else:
        solved = _one_curve(
            auc, ncases, ncontrols, one_sided, power, 1.0 if kappa is None else kappa
        )
    ncases, ncontrols, auc, one_sided, power = solved
    sig_level = one_sided * 2 if alternative == "two.sided" else one_sided
    method_name = ONE if roc2 is None and not isinstance(roc1, dict) else TWO
    return PowerTest(ncases, ncontrols, auc, sig_level, power, alternative, method_name)


def _bootstrap_options(method, n_boot, seed, stratified):
    """The bootstrap's keywords of `auc_var` (checked), or None for
    another method, which takes none of them."""
    if method != "bootstrap":
        given = [
            name
            for name, value in (("n_boot", n_boot), ("seed", seed), ("stratified", stratified))
            if value is not None
        ]
        if given:
            raise TypeError(
                'n_boot, seed and stratified are options of method="bootstrap": got '
                f"{', '.join(given)} with method={method!r}"
            )
        return None
    n_boot = check_n_boot(2000 if n_boot is None else n_boot)
    if stratified is None:
        stratified = True
    if not isinstance(stratified, (bool, np.bool_)):
        raise TypeError(f"stratified must be True or False, got {stratified!r}")
    return {"n_boot": n_boot, "seed": seed, "stratified": bool(stratified)}


def _one_of_data(curve, sig_level, power, kappa, weights_are, options):
    """pROC's ``power.roc.test.roc`` of one curve: its AUC and class sizes
    (`sig_level` one-sided), from one reading of the curve."""
    r = read([*curve[:1]], *curve[1:], function="power_roc_test", method="delong",
             weights_are=weights_are, **options)  # fmt: skip
    ncases, ncontrols = class_sizes(r.label, r.weight, weights_are)
    if kappa is None:
        kappa = ncontrols / ncases
    if sig_level is not None and power is not None:  # solve for the sizes
        ncases = ncontrols = None
    (sample,) = samples(r)
    auc = float(bootstrap_area(sample, None))
    return _one_curve(auc, ncases, ncontrols, sig_level, power, kappa)
