"""Smoothed ROC curves and their areas: pROC's ``smooth()``, with weights.

Five methods, as pROC's (``fitdistr`` and ``logcondens`` in
`weightedroc.curves.fitdistr` and `weightedroc.curves.logconcave`, which
need scipy, the ``stats`` extra):

``"binormal"``
    A straight line fitted by least squares to the curve's points on the
    normal deviate scale, ``qnorm(1 - FPR) = a + b * qnorm(TPR)`` (R's
    ``lm(sp ~ se)`` over the points where both are finite), read back at
    `n` sensitivities equally spaced in [0, 1].  The points are those of the
    weighted ROC curve (`WeightedROC`), so with whole-number weights the fit
    is that of the rows repeated.
``"density"``
    R's ``density()`` of the negatives' and of the positives' guesses on a
    common grid of `n` points (a Gaussian kernel by default, bandwidth
    ``bw.nrd0`` of all the guesses together), then the curve of the two
    densities as if each grid point were a threshold.  Weights are R's
    ``density(weights=)``: each class's weights, normalised to sum 1, weigh
    its guesses in the kernel estimate.  The bandwidth rules read the
    guesses as pROC does (``bw.nrd0(c(controls, cases))``): with
    ``weights_are="importance"`` the guesses alone, unweighted, as R's
    ``density(weights=)`` selects its bandwidth; with
    ``weights_are="frequency"`` the rows repeated (their spread and their
    number, the weights' total), so whole-number weights give exactly the
    density of the repeated rows.

This module is pROC's glue: the binormal line (`binormal_line`, which
Obuchowski's variance fits too), the density curve, the options and the
two public functions.  R's ``density()`` and its bandwidth rules are in
`weightedroc.curves.density`, R's ``qnorm`` and ``pnorm`` in
`weightedroc.utils.normal`.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..engine.core import cumulate, cumulate_sorted, run_ends, stable_order
from ..engine.rates import rates
from ..engine.validation import check_choice, check_direction, check_frequency, prepared
from ..utils.deprecation import moved
from ..utils.normal import pnorm, qnorm
from ..utils.signatures import hidden, in_help
from ..utils.types import ArrayLike, Direction, LabelValue
from . import fitdistr
from .areas import check_range, mcclish_warned, range_areas
from .density import bandwidth, check_density_options, class_density
from .fitdistr import DISTRIBUTIONS
from .logconcave import log_concave_roc

__all__ = ["smooth_roc", "smooth_auc", "Smoothing"]

METHODS = ("binormal", "density", "fitdistr", "logcondens", "logcondens_smooth")
GIVEN = ("density_controls", "density_cases")
DENSITY_DEFAULTS = {"bw": "nrd0", "adjust": 1, "kernel": "gaussian", "cut": 3, "old_coords": False}


# ---------------------------------------------------------------- binormal
def binormal_line(z_tpr, z_tnr):
    """pROC's binormal fit, ``lm(qnorm(sp) ~ qnorm(se))``, of a curve's points.

    Parameters
    ----------
    z_tpr, z_tnr : numpy.ndarray of float
        The normal deviates of the points' sensitivities (TPR) and
        specificities (1 - FPR); the infinite ones (points on the edges of
        the unit square) are left out, as pROC.

    Returns
    -------
    (float, float)
        The intercept and slope of the least-squares line of `z_tnr` on
        `z_tpr`.

    Raises
    ------
    ValueError
        pROC's "ROC curve not smoothable (not enough points)": fewer than 2
        different sensitivities among the points inside the square.

    Examples
    --------
    >>> import numpy as np
    >>> from weightedroc.curves.smooth import binormal_line
    >>> binormal_line(np.array([-np.inf, -1.0, 0.0, 1.0]), np.array([np.inf, 2.0, 1.5, 1.0]))
    (1.5, -0.5)
    """
    finite = np.isfinite(z_tpr) & np.isfinite(z_tnr)
    x, y = z_tpr[finite], z_tnr[finite]
    centred = x - x.mean() if len(x) > 1 else x
    spread = float(centred @ centred)
    if len(x) <= 1 or spread == 0:
        raise ValueError(
            "ROC curve not smoothable (not enough points): the binormal fit "
            "needs points with sensitivity and specificity strictly between 0 "
            "and 1 at 2 different sensitivities at least; the curve has such "
            f"points at {len(np.unique(x))} sensitivities"
        )
    slope = float(centred @ (y - y.mean())) / spread
    return float(y.mean() - slope * x.mean()), slope


def binormal_fit(tpr, fpr):
    """(a, b) of pROC's ``lm(qnorm(sp) ~ qnorm(se))`` through the points
    (`tpr`, `fpr`) strictly inside the unit square (`binormal_line`)."""
    return binormal_line(qnorm(tpr), -qnorm(fpr))  # qnorm(1 - p) = -qnorm(p)


def r_seq_by(n):
    """R's ``seq(0, 1, 1 / (n - 1))``: steps of 1/(n-1), capped at 1."""
    by = 1 / (n - 1)
    count = int(1 / by + 1e-10)
    return np.minimum(np.arange(count + 1) * by, 1.0)


def binormal_points(tpr, fpr, n):
    """pROC's binormal (TPR, FPR) points (before its anchors), and the fit."""
    a, b = binormal_fit(tpr, fpr)
    z_se = qnorm(r_seq_by(n))
    with np.errstate(invalid="ignore"):
        z_sp = a + b * z_se
    return pnorm(z_se), pnorm(-z_sp), (a, b)


# ---------------------------------------------------------------- density
def given_density(values, name, n):
    """Densities given by the caller over the grid: `n` finite values >= 0."""
    array = np.asarray(values, dtype=float)
    if array.ndim != 1 or len(array) != n:
        raise ValueError(
            f"{name} must give n = {n} densities, one per grid point; got shape {array.shape}"
        )
    if not np.isfinite(array).all() or (array < 0).any() or array.sum() <= 0:
        raise ValueError(f"{name} must be finite non-negative densities, not all 0")
    return array


def density_points(guess, label, weight, frequency, n, flip, options):
    """pROC's density (TPR, FPR) points (before its anchors), as direction
    "<" on the checked guesses (negated when `flip`, for direction ">": the
    caller's densities and functions are read on the caller's scale)."""
    bw, adjust, kernel, cut, old = (options[k] for k in DENSITY_DEFAULTS)
    given = options["density_controls"], options["density_cases"]
    sign = -1.0 if flip else 1.0
    if all(d is not None and not callable(d) for d in given):
        # on the caller's grid, ascending: reversed on the negated scale
        controls, cases = (given_density(d, name, n)[:: int(sign)] for d, name in zip(given, GIVEN))
        return curve_of(controls, cases)
    if not np.isfinite(guess).all():
        raise ValueError("density smoothing needs finite guesses: found an infinite guess")
    classes = [guess[~label], guess[label]]
    if isinstance(bw, str):
        # pROC's predictor is c(controls, cases): the first control's guess
        # is bw.nrd0's last resort.
        bw = bandwidth(bw, guess, frequency, first=classes[0][0])
    bw = bw * adjust
    low, high = min(c.min() for c in classes), max(c.max() for c in classes)
    grid = np.linspace(low - cut * bw, high + cut * bw, n)
    densities = []
    for density, x, rows, name in zip(given, classes, (~label, label), GIVEN):
        w = None if weight is None else weight[rows]
        if density is None:
            densities.append(class_density(x, w, bw, kernel, grid, old))
        elif callable(density):
            # f(guesses, weights, points): the density of the guesses at the points
            densities.append(given_density(density(sign * x, w, sign * grid), name, n))
        else:
            densities.append(given_density(density, name, n)[:: int(sign)])
    return curve_of(*densities)


def curve_of(controls, cases):
    """pROC's (TPR, FPR) of two densities on a grid, each grid point a
    threshold (a guess at or above it is called positive)."""
    tails = [np.cumsum(density[::-1])[::-1] for density in (cases, controls)]
    return tuple(tail / tail[0] for tail in tails)  # the first exactly 1


CLASS_OPTIONS = ("density_controls", "density_cases", "distribution_controls", "distribution_cases")


def class_options(function, density, distribution, *old):
    """Each class's given density and fitted distribution: pROC's one for
    both classes, or a (controls, cases) pair; the four keywords of 1.2
    (`CLASS_OPTIONS`) still work, with a FutureWarning."""
    given = dict(zip(CLASS_OPTIONS, old))
    for kind in ("density", "distribution"):
        old_names = [n for n in CLASS_OPTIONS if n.startswith(kind) and given[n] is not None]
        if old_names:
            moved(function, old_names[0], f"give {kind}=(controls, cases)")
    for kind, value in (("density", density), ("distribution", distribution)):
        if value is None:
            continue
        if any(given[f"{kind}_{c}"] is not None for c in ("controls", "cases")):
            raise TypeError(f"give {kind}= or {kind}_controls/{kind}_cases, not both")
        if isinstance(value, tuple):
            if len(value) != 2:
                raise ValueError(
                    f"{kind} as a pair is (controls, cases), got a tuple of {len(value)}"
                )
            pair = value
        elif callable(value) or isinstance(value, str):
            pair = (value, value)
        else:
            raise TypeError(
                f"{kind} must be "
                + ("a function" if kind == "density" else "a distribution's name")
                + f" for both classes, or the pair (controls, cases), got {type(value).__name__}"
            )
        given[f"{kind}_controls"], given[f"{kind}_cases"] = pair
    return given


# ---------------------------------------------------------------- the recipe
@dataclass(frozen=True)
class Smoothing:
    """What produced a smoothed curve: its data and its smoothing (pROC's
    ``smooth.roc`` keeps its ``roc`` and ``smoothing.args``).

    `smooth_roc` puts one in its frame's ``attrs["smooth"]``, so that every
    curve function reads the frame as a smoothed curve, and inference
    redoes the smoothing on each bootstrap replicate (`redo`).

    Attributes
    ----------
    method, n, direction, weights_are
        As given to `smooth_roc`.
    options : dict
        The method's other options (bandwidth, kernel, distributions...).
    guess, label, weight : numpy.ndarray
        The checked data: float guesses as given, boolean labels (True:
        positive), float weights or None.

    Examples
    --------
    >>> from weightedroc import smooth_roc
    >>> curve = smooth_roc([0.1, 0.4, 0.35, 0.8, 0.5, 0.2], [0, 0, 1, 1, 0, 1], n=5)
    >>> curve.attrs["smooth"]
    Smoothing(method='binormal', n=5, direction='<', weights_are='importance')
    >>> curve.attrs["smooth"].redo(rows=[0, 1, 2, 3, 4, 5])[0].round(4).tolist()
    [1.0, 1.0, 0.75, 0.5, 0.25, 0.0, 0.0]
    """

    method: str
    n: int
    direction: str
    weights_are: str
    options: dict = field(repr=False, compare=False)
    guess: np.ndarray = field(repr=False, compare=False)
    label: np.ndarray = field(repr=False, compare=False)
    weight: np.ndarray | None = field(repr=False, compare=False)

    def __post_init__(self):
        for name in ("guess", "label", "weight"):
            array = getattr(self, name)
            if array is not None:  # our copies, frozen with the recipe
                array.setflags(write=False)

    def __deepcopy__(self, memo):
        # immutable: pandas deep-copies a frame's attrs at every column access
        return self

    def redo(self, rows=None):
        """(TPR, FPR, attrs) of the same smoothing of the rows `rows`
        (indices into the data, repeats allowed; None: all)."""
        guess, label, weight = self.guess, self.label, self.weight
        if rows is not None:
            guess, label = guess[rows], label[rows]
            weight = None if weight is None else weight[rows]
        return smoothed(
            guess, label, weight, self.method, self.n, True,
            self.direction, self.weights_are, self.options,
        )  # fmt: skip

    def area(self, tpr, fpr, attrs):
        """pROC's full area of a smoothed curve (`smooth_area`)."""
        return smooth_area(tpr, fpr, attrs)

    def rows(self):
        """The data read once (`SmoothingRows`): the smoothing redone on the
        rows each replicate draws, from one sort, without validating again."""
        return SmoothingRows.of(self)


def any_order_in_ties(sorted_guess, positive, sorted_weight):
    """Whether the order in which a replicate lists its rows within a run of
    tied sorted guesses changes none of R's running sums: the rows of each
    class in each run weigh the same, or any order gives the same sums
    (unit weights, and whole-number weights whose total is below 2**53:
    every running sum is then exact)."""
    if sorted_weight is None:
        return True
    if (sorted_weight == np.floor(sorted_weight)).all() and sorted_weight.sum() < 2.0**53:
        return True
    is_end = run_ends(sorted_guess)
    run = np.cumsum(is_end) - is_end  # each position's run
    for rows in (positive, ~positive):
        r, w = run[rows], sorted_weight[rows]
        tied = r[1:] == r[:-1]
        if (w[1:][tied] != w[:-1][tied]).any():
            return False
    return True


@dataclass(frozen=True, eq=False)
class SmoothingRows:
    """A `Smoothing`'s data read once, for its bootstrap: `redo` smooths the
    rows a replicate draws again, bit for bit as `Smoothing.redo`, without
    validating them, and the binormal fit reads their curve from the data's
    one sort: a replicate's rows, counted per sorted position
    (`numpy.bincount`) and repeated in that order, are sorted already.  The
    replicate's own sort would list tied rows in the order drawn, so this
    holds when the order within a run of ties changes no sum: unit weights,
    or equal weights within each class's run (`any_order_in_ties`); other
    weighted replicates are sorted each (`rank` None), still unvalidated.

    Examples
    --------
    >>> from weightedroc import smooth_roc
    >>> curve = smooth_roc([0.1, 0.4, 0.35, 0.8, 0.5, 0.2], [0, 0, 1, 1, 0, 1], n=5)
    >>> rows = curve.attrs["smooth"].rows()
    >>> drawn = [5, 3, 0, 2, 4, 1, 2, 3]
    >>> rows.redo(drawn)[1].round(4).tolist()
    [1.0, 1.0, 0.6424, 0.5397, 0.4342, 0.0, 0.0]
    >>> bool((rows.redo(drawn)[1] == curve.attrs["smooth"].redo(drawn)[1]).all())
    True
    """

    smoothing: Smoothing
    guess: np.ndarray = field(repr=False)  # as the method reads it
    frequency: np.ndarray | None = field(repr=False)
    rank: np.ndarray | None = field(repr=False)  # each row's sorted position
    order: tuple | None = field(repr=False)  # the sorted guesses, labels, weights

    @classmethod
    def of(cls, smoothing):
        """Read `smoothing`'s checked data once: its guesses on the scale the
        method reads, its frequency counts, and for the binormal fit the
        one sort (and each row's sorted position, when it serves)."""
        s = smoothing
        frequency = check_frequency(s.weight, s.weights_are)
        flip = s.direction == ">" and s.method in ("binormal", "density")
        guess = np.negative(s.guess) if flip else s.guess
        rank, order = None, None
        if s.method == "binormal":
            ordered = stable_order(guess, s.label, s.weight)
            order = ordered.guess, ordered.tag, ordered.weight
            if any_order_in_ties(*order):
                rank = np.empty(len(guess), dtype=np.int64)
                rank[ordered.order] = np.arange(len(guess))
        return cls(s, guess, frequency, rank, order)

    @property
    def label(self):
        return self.smoothing.label

    @property
    def weight(self):
        return self.smoothing.weight

    @property
    def direction(self):
        return self.smoothing.direction

    @property
    def weights_are(self):
        return self.smoothing.weights_are

    def counts(self, rows):
        """The `Cumulated` counts of the rows `rows` (None: all)."""
        if rows is None:
            return cumulate_sorted(*self.order)
        if self.rank is None:
            weight = None if self.weight is None else self.weight[rows]
            return cumulate(self.guess[rows], self.label[rows], weight, checked=True)
        at = np.repeat(
            np.arange(len(self.rank)), np.bincount(self.rank[rows], minlength=len(self.rank))
        )
        guess, positive, weight = self.order
        return cumulate_sorted(guess[at], positive[at], None if weight is None else weight[at])

    def redo(self, rows=None):
        """(TPR, FPR, attrs) of the same smoothing of the rows `rows`
        (indices into the data, repeats allowed; None: all)."""
        s = self.smoothing
        if s.method == "binormal":
            return binormal_curve(self.counts(rows), s.n)
        guess, label, weight, frequency = self.guess, s.label, s.weight, self.frequency
        if rows is not None:
            guess, label = guess[rows], label[rows]
            weight = None if weight is None else weight[rows]
            frequency = None if frequency is None else frequency[rows]
        return fitted_curve(guess, label, weight, frequency, s.method, s.n, s.direction, s.options)


def smooth_area(tpr, fpr, attrs):
    """pROC's ``auc(smooth(...))``: the binormal fit's closed form
    ``pnorm(a / sqrt(1 + b^2))``, else the trapezoid rule."""
    if "binormal" in attrs:
        a, b = attrs["binormal"]["intercept"], attrs["binormal"]["slope"]
        return pnorm(a / math.sqrt(1 + b * b))
    return float(np.sum((fpr[:-1] - fpr[1:]) * (tpr[:-1] + tpr[1:]) / 2))


# ---------------------------------------------------------------- the API
def check_n(n):
    """pROC's `n`: a whole number of points, at least 2."""
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, numbers.Integral):
        raise TypeError(f"n must be a whole number of points, got {n!r}")
    if n < 2:
        raise ValueError(f"n must be at least 2 points, got {n!r}")
    return int(n)


def _unused(method, options):
    """The options given that `method` does not read."""
    density = {**DENSITY_DEFAULTS, "density_controls": None, "density_cases": None}
    fitted = {"distribution_controls": None, "distribution_cases": None}
    unused = {**density, **fitted}
    for k in density if method == "density" else fitted if method == "fitdistr" else ():
        del unused[k]
    return [
        k
        for k, v in unused.items()
        if not (v is None and options[k] is None)
        and (
            v is None
            or not (isinstance(options[k], (str, numbers.Real)) and options[k] == v)
            or isinstance(options[k], bool) != isinstance(v, bool)
        )
    ]


def _distribution(value, name):
    """A distribution name of MASS's fitdistr (None: "normal")."""
    if value is None:
        return "normal"
    if not isinstance(value, str):
        raise TypeError(
            f"{name} must be a distribution name, one of {DISTRIBUTIONS}; got {value!r}"
        )
    check_choice(value, name, DISTRIBUTIONS)
    return value


def fitdistr_points(guess, label, weight, frequency, n, direction, options):
    """pROC's fitdistr (TPR, FPR) points and the fits, on the raw guesses
    (importance weights scaled to sum to each class's number of rows, so
    that the likelihood MASS's optimiser reads is on the rows' scale)."""
    names = [_distribution(options[k], k) for k in ("distribution_controls", "distribution_cases")]
    w = np.ones(len(guess)) if weight is None else weight
    kept = w > 0
    guess, label, w = guess[kept], label[kept], w[kept]
    grid = np.linspace(guess.min(), guess.max(), n)  # R's seq(min, max, length.out = n)
    fits, densities = {}, []
    for rows, name, key in zip((~label, label), names, ("controls", "cases")):
        class_w = w[rows]
        if weight is not None and frequency is None:
            class_w = class_w * (len(class_w) / class_w.sum())
        estimate = fitdistr.fit(name, guess[rows], class_w)
        fits[key] = {"distribution": name, "estimate": estimate.tolist()}
        densities.append(fitdistr.density(name, grid, estimate))
    if direction == ">":  # pROC: positive at or below each threshold
        densities = [d[::-1] for d in densities]
    return (*curve_of(*densities), fits)


def logcondens_points(guess, label, weight, frequency, n, smooth):
    """pROC's logcondens (TPR, FPR) points, on the raw guesses."""
    fpr = r_seq_by(n)
    rows = (label, ~label)
    counts = (None, None) if frequency is None else tuple(frequency[r] for r in rows)
    weights = (None, None)
    if weight is not None and frequency is None:
        weights = tuple(weight[r] for r in rows)
    tpr = log_concave_roc(guess[label], guess[~label], fpr, smooth, counts, weights)
    return tpr, fpr


def _need_scipy(method):
    """fitdistr and logcondens need SciPy (the ``stats`` extra)."""
    try:
        import scipy.optimize  # noqa: F401
        import scipy.special  # noqa: F401
    except ImportError as error:
        raise ImportError(
            f"method={method!r} needs SciPy: pip install 'weightedroc[stats]'"
        ) from error


def check_smoothing(method, n, options):
    """The smoothing's options, checked before its data: the method, `n`
    (returned as an int), the options it reads and no option it ignores."""
    check_choice(method, "method", METHODS)
    n = check_n(n)
    unused = _unused(method, options)
    if unused:
        raise TypeError(f"{', '.join(unused)} do not apply to method={method!r}")
    if method == "density":
        check_density_options(*(options[k] for k in DENSITY_DEFAULTS))
    elif method != "binormal":
        _need_scipy(method)
    return n


def smoothed(guess, label, weight, method, n, positive, direction, weights_are, options):
    """(TPR, FPR, attrs): pROC's points with its anchors, and the fit."""
    n = check_smoothing(method, n, options)
    data = prepared(guess, label, weight, positive, "<", weights_are)
    return smoothed_data(data, method, n, direction, weights_are, options)


def smoothed_data(data, method, n, direction, weights_are, options):
    """`smoothed` of data `prepared` has checked (guesses as given) and
    checked options (`check_smoothing`)."""
    guess, label, weight = data
    frequency = check_frequency(weight, weights_are)
    if method == "binormal":
        return binormal_curve(cumulate(guess, label, weight, True, direction=direction), n)
    # density reads the guesses negated for ">"; pROC's fitdistr and
    # logcondens read roc$cases and roc$controls: the guesses as given
    if check_direction(direction) == ">" and method == "density":
        guess = np.negative(guess)
    return fitted_curve(guess, label, weight, frequency, method, n, direction, options)


def binormal_curve(counts, n):
    """(TPR, FPR, attrs) of the binormal fit through the points of a weighted
    curve's `Cumulated` counts."""
    tpr, fpr, fit = binormal_points(*rates(counts), n)
    return anchored(tpr, fpr, {"binormal": {"intercept": fit[0], "slope": fit[1]}})


def fitted_curve(guess, label, weight, frequency, method, n, direction, options):
    """(TPR, FPR, attrs) of the density, fitdistr or logcondens smoothing of
    checked data (guesses negated for the density with direction ">")."""
    attrs = {}
    if method == "density":
        tpr, fpr = density_points(guess, label, weight, frequency, n, direction == ">", options)
    elif method == "fitdistr":
        tpr, fpr, attrs["fitdistr"] = fitdistr_points(
            guess, label, weight, frequency, n, direction, options
        )
    else:
        tpr, fpr = logcondens_points(
            guess, label, weight, frequency, n, method == "logcondens_smooth"
        )
    return anchored(tpr, fpr, attrs)


def anchored(tpr, fpr, attrs):
    """pROC's points with its anchors (1, 1) and (0, 0), specificities
    ascending (its sort_smooth_roc), and the fit."""
    if (np.diff(fpr) > 0).any():
        tpr, fpr = tpr[::-1], fpr[::-1]
    return np.concatenate(([1.0], tpr, [0.0])), np.concatenate(([1.0], fpr, [0.0])), attrs


@in_help
@hidden(*CLASS_OPTIONS)
def smooth_roc(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "binormal",
    n: int = 512,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
    bw: str | float = "nrd0",
    adjust: float = 1,
    kernel: str = "gaussian",
    cut: float = 3,
    old_coords: bool = False,
    density: Callable | tuple | None = None,
    distribution: str | tuple | None = None,
    density_controls: ArrayLike | None = None,
    density_cases: ArrayLike | None = None,
    distribution_controls: str | None = None,
    distribution_cases: str | None = None,
) -> pd.DataFrame:
    """A smoothed weighted ROC curve: pROC's ``smooth()``.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC` (the direction is never guessed).
    method : {"binormal", "density", "fitdistr", "logcondens", "logcondens_smooth"}
        Default "binormal": the least-squares line through the weighted
        curve's points on the normal deviate scale, ``qnorm(1 - FPR) = a + b
        * qnorm(TPR)`` (pROC's ``lm(sp ~ se)``).  ``"density"``: kernel
        density estimates of each class's guesses (R's ``density()``).
        ``"fitdistr"``: a distribution fitted to each class by maximum
        likelihood (MASS's ``fitdistr``, see `distribution_controls`), its
        density read on `n` points from the smallest guess to the largest.
        ``"logcondens"``: each class's log-concave maximum-likelihood
        density (R's logcondens, pROC's ``logConROC(...)$fROC``), the curve
        read at `n` equally spaced FPRs; ``"logcondens_smooth"``: the same
        with the cases' smoothed log-concave estimate (``$fROC.smooth``).
        As pROC, these three read the guesses as given whatever the
        direction (only "fitdistr" reads the direction, to cut its
        densities), and the logcondens curves ignore it altogether.
    n : int, default 512
        Number of smoothed points (pROC's ``n``); pROC's two end points are
        added.
    weights_are : {"importance", "frequency"}, default "importance"
        What the weights mean for the density's bandwidth rule (the
        binormal curve, the density estimates themselves and the fitdistr
        and logcondens fits, weighted likelihoods, are the same either
        way, but for fitdistr's optimised fits, whose optimiser reads the
        likelihood's scale: importance weights are scaled to sum to the
        rows' number, frequency weights count rows; whole-number frequency
        weights give the rows repeated).
        ``"importance"``: the rule reads the guesses unweighted, as R's
        ``density(weights=)``; ``"frequency"``: whole-number weights count
        repeated rows, and the rule reads the rows repeated (so the result
        is pROC's on the repeated rows).
    bw : {"nrd0", "nrd", "ucv", "bcv", "SJ"} or float, default "nrd0"
        Density only: R's bandwidth rule ``bw.nrd0``, ``bw.nrd``, ``bw.ucv``,
        ``bw.bcv`` or ``bw.SJ`` (Sheather and Jones, method "ste") applied
        to all the guesses together (pROC's ``bw``), or the bandwidth
        itself (the kernel's standard deviation).  "ucv" and "bcv" warn as R
        when the minimum is at an end of their search range.
    adjust : float, default 1
        Density only: the bandwidth is multiplied by `adjust`.
    kernel : str, default "gaussian"
        Density only: one of R's kernels, "gaussian", "epanechnikov",
        "rectangular", "triangular", "biweight", "cosine", "optcosine".
    cut : float, default 3
        Density only: the grid runs from the smallest guess minus ``cut *
        bw`` to the largest plus ``cut * bw``.
    old_coords : bool, default False
        Density only: R's ``density(old.coords=)``.  False gives the
        densities of R >= 4.4 (and so pROC's on today's R); True those of R
        before 4.4, whose kernel grid made every density about 0.1% too high
        (R 4.4.0's NEWS), for matching results computed on older R.
    density : callable, or (controls, cases), optional
        Density only: the densities given instead of estimated, pROC's
        ``density`` (one function for both classes) or ``density.controls``
        and ``density.cases`` as the pair (controls, cases) of the
        negatives' and the positives' density (either None: estimated).
        Each is its `n` values at the grid points (ascending,
        on the guesses' scale), or a function ``f(guesses, weights,
        points)`` returning the density of the class's `guesses` (with their
        `weights`, None for unit weights) at the `n` grid points `points`
        (from the smallest guess minus ``cut * bw`` to the largest plus ``cut
        * bw``, as pROC passes ``from`` and ``to``).
    distribution : str, or (controls, cases), default "normal"
        Fitdistr only: the distribution fitted to both classes, or the pair
        fitted to the negatives (controls) and the positives (cases), pROC's
        ``density``, ``density.controls`` and ``density.cases`` with
        ``method = "fitdistr"``: "normal",
        "lognormal" (or "log-normal") and "exponential" (MASS's closed
        forms), "weibull", "gamma", "cauchy" or "logistic" (R's optim as
        MASS runs it, see `weightedroc.curves.fitdistr`).  Each is fitted
        by weighted maximum likelihood.  (``density_controls=``,
        ``density_cases=``, ``distribution_controls=`` and
        ``distribution_cases=`` before 1.3: deprecated, not shown by help().)

    Returns
    -------
    pandas.DataFrame
        Columns ``TPR`` and ``FPR``, ``n + 2`` rows from (1, 1) to (0, 0):
        pROC's sensitivities and 1 - specificities, row for row.  The
        binormal fit's intercept and slope are in ``.attrs["binormal"]``,
        the fitdistr fits (distribution and estimate of each class) in
        ``.attrs["fitdistr"]``.

    Raises
    ------
    ValueError
        "ROC curve not smoothable (not enough points)" (fewer than 2 points
        inside the unit square), an unknown method, bandwidth rule or
        kernel, a non-positive bandwidth, infinite guesses with
        ``method="density"``, and every input error of `WeightedROC`.
    TypeError
        Density options given with ``method="binormal"``, or options of the
        wrong type.

    See Also
    --------
    smooth_auc : the area under the smoothed curve.

    Examples
    --------
    >>> from weightedroc import smooth_roc
    >>> guess = [0.1, 0.4, 0.35, 0.8, 0.5, 0.2, 0.7, 0.9, 0.6, 0.3]
    >>> label = [0, 0, 1, 1, 0, 0, 1, 1, 0, 1]
    >>> curve = smooth_roc(guess, label, n=5)  # pROC: smooth(roc(label, guess), n = 5)
    >>> curve.round(4)
        TPR     FPR
    0  1.00  1.0000
    1  1.00  1.0000
    2  0.75  0.5405
    3  0.50  0.3049
    4  0.25  0.1308
    5  0.00  0.0000
    6  0.00  0.0000
    >>> {k: round(v, 6) for k, v in curve.attrs["binormal"].items()}
    {'intercept': 0.510465, 'slope': -0.907549}
    >>> smooth_roc(guess, label, method="density", n=4).round(4)
          TPR     FPR
    0  1.0000  1.0000
    1  1.0000  1.0000
    2  1.0000  0.9960
    3  0.6297  0.2191
    4  0.0030  0.0000
    5  0.0000  0.0000
    """
    options = dict(
        bw=bw,
        adjust=adjust,
        kernel=kernel,
        cut=cut,
        old_coords=old_coords,
        **class_options(
            "smooth_roc",
            density, distribution, density_controls, density_cases,
            distribution_controls, distribution_cases,
        ),
    )  # fmt: skip
    n = check_smoothing(method, n, options)
    g, y, w = prepared(guess, label, weight, positive, "<", weights_are)
    tpr, fpr, attrs = smoothed_data((g, y, w), method, n, direction, weights_are, options)
    frame = pd.DataFrame({"TPR": tpr, "FPR": fpr})
    frame.attrs.update(attrs)
    copies = np.array(g), np.array(y), None if w is None else np.array(w)  # never the caller's
    frame.attrs["smooth"] = Smoothing(method, n, direction, weights_are, options, *copies)
    return frame


@in_help
@hidden(*CLASS_OPTIONS)
def smooth_auc(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "binormal",
    n: int = 512,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
    bw: str | float = "nrd0",
    adjust: float = 1,
    kernel: str = "gaussian",
    cut: float = 3,
    old_coords: bool = False,
    density: Callable | tuple | None = None,
    distribution: str | tuple | None = None,
    density_controls: ArrayLike | None = None,
    density_cases: ArrayLike | None = None,
    distribution_controls: str | None = None,
    distribution_cases: str | None = None,
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    correct: bool = False,
) -> float:
    """The area under a smoothed weighted ROC curve: pROC's ``auc(smooth(...))``.

    The full binormal area is pROC's closed form ``pnorm(a / sqrt(1 +
    b^2))`` of the fit; every other area (the density curve's, partial
    areas) is the trapezoid rule over the points `smooth_roc` returns,
    interpolated linearly at the range ends, as pROC.

    Parameters
    ----------
    guess, label, weight, method, n, positive, direction, weights_are
        As for `smooth_roc`.
    bw, adjust, kernel, cut, old_coords, density
        As for `smooth_roc` (``method="density"`` only).
    distribution
        As for `smooth_roc` (``method="fitdistr"`` only).
    fpr_range, tpr_range : (float, float), optional
        A partial area, as for `partial_auc` (pROC's ``partial.auc`` with
        ``partial.auc.focus`` "specificity" or "sensitivity").
    correct : bool, default False
        McClish's standardisation of the partial area (pROC's
        ``partial.auc.correct``).  Below the diagonal it warns and returns
        the value below 0.5, where pROC returns NA (as `partial_auc`).

    Returns
    -------
    float
        The (partial) area.

    Raises
    ------
    ValueError
        As `smooth_roc`; both ranges given, or a range outside
        ``0 <= lo < hi <= 1``.

    See Also
    --------
    smooth_roc : the smoothed curve.
    partial_auc : partial areas of the empirical curve.

    Examples
    --------
    >>> from weightedroc import smooth_auc
    >>> guess = [0.1, 0.4, 0.35, 0.8, 0.5, 0.2, 0.7, 0.9, 0.6, 0.3]
    >>> label = [0, 0, 1, 1, 0, 0, 1, 1, 0, 1]
    >>> round(smooth_auc(guess, label), 6)  # pROC: auc(smooth(roc(label, guess)))
    0.647286
    >>> round(smooth_auc(guess, label, n=5, fpr_range=(0, 0.2)), 6)  # partial.auc = c(1, .8)
    0.037088
    >>> round(smooth_auc(guess, label, method="density", n=4), 6)  # R >= 4.4
    0.70639
    >>> round(smooth_auc(guess, label, method="density", n=4, old_coords=True), 6)  # R < 4.4
    0.706262
    """
    options = dict(
        bw=bw,
        adjust=adjust,
        kernel=kernel,
        cut=cut,
        old_coords=old_coords,
        **class_options(
            "smooth_auc",
            density, distribution, density_controls, density_cases,
            distribution_controls, distribution_cases,
        ),
    )  # fmt: skip
    if fpr_range is not None and tpr_range is not None:
        raise ValueError("give fpr_range or tpr_range, not both")
    ranges = {}
    for name, given in (("fpr_range", fpr_range), ("tpr_range", tpr_range)):
        if given is not None:
            ranges[name] = check_range(given, name)
    tpr, fpr, attrs = smoothed(
        guess, label, weight, method, n, positive, direction, weights_are, options
    )
    if not ranges:
        return smooth_area(tpr, fpr, attrs)
    ((name, (lo, hi)),) = ranges.items()
    areas, diagonal = range_areas(fpr[None, ::-1], tpr[None, ::-1], **{name: (lo, hi)})
    area = float(areas[0])
    if not correct:
        return area
    return mcclish_warned(area, diagonal, lo, hi)
