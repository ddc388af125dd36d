"""Bootstrap inference on smoothed curves: pROC's ``ci.auc``, ``var``,
``cov`` and ``roc.test`` of ``smooth()`` objects.

A smoothed curve (`weightedroc.smooth_roc`'s frame) carries its data and
its smoothing (``attrs["smooth"]``, a `weightedroc.curves.smooth.Smoothing`).
Each replicate draws rows as pROC's bootstrap does (cases from the cases and
controls from the controls, or all rows together with
``stratified=False``; paired curves share their draws) and redoes the
smoothing on them, from the data read once (`SmoothingRows`: validated
once, the binormal fit's curves read from the one sort); a replicate that
cannot be smoothed is NA, dropped with pROC's warning.  Importance weights
travel with their rows; frequency weights are rows repeated, so the
replicates resample the repeated rows.
"""

from __future__ import annotations

import dataclasses
import math
import warnings
from types import SimpleNamespace

import numpy as np
import pandas as pd

from ..curves.areas import mcclish, range_areas
from ..curves.smooth import SmoothingRows, smooth_area
from ..utils.warn import warn
from .empirical import Empirical, empirical
from .replicates import without_na

DELONG = (
    "DeLong method is not supported with smoothed ROC curves: use "
    'method="bootstrap" (pROC: "DeLong\'s test is not supported for smoothed ROC curves")'
)


def smoothing_of(curve):
    """The `Smoothing` of a `smooth_roc` frame, or None for anything else."""
    if isinstance(curve, pd.DataFrame):
        return curve.attrs.get("smooth")
    return None


def no_delong(method, function):
    """pROC's error for DeLong (and other non-bootstrap methods) on a
    smoothed curve."""
    if method != "bootstrap":
        raise ValueError(f"{function}(): {DELONG}; got method={method!r}")


def repeated(smoothing):
    """Frequency weights as the rows repeated (the replicates draw rows)."""
    if smoothing.weights_are != "frequency" or smoothing.weight is None:
        return smoothing
    times = smoothing.weight.astype(np.int64)
    return dataclasses.replace(
        smoothing,
        guess=np.repeat(smoothing.guess, times),
        label=np.repeat(smoothing.label, times),
        weight=None,
        weights_are="importance",
    )


def rows_of(smoothing):
    """What the replicates read: a smoothing's data read once (its
    `SmoothingRows`: validated once, sorted once), the rows repeated for
    frequency weights; a raw curve (`Empirical`) or rows already read as is."""
    if isinstance(smoothing, (Empirical, SmoothingRows)):
        return smoothing
    return repeated(smoothing).rows()


def readers(smoothing):
    """(the estimate's, the replicates') readings of one curve's data: the
    same `SmoothingRows` (one sort) unless frequency weights make the
    replicates' rows the rows repeated."""
    if isinstance(smoothing, Empirical):
        return smoothing, smoothing
    own = smoothing.rows()
    return own, own if repeated(smoothing) is smoothing else rows_of(smoothing)


def area(tpr, fpr, attrs, partial):
    """pROC's ``auc()`` of a smoothed curve's points (partial, corrected:
    below the diagonal the corrected value is kept, as pROC's bootstrap)."""
    if partial is None:
        return smooth_area(tpr, fpr, attrs)
    name = "fpr_range" if partial["fpr_range"] is not None else "tpr_range"
    lo, hi = partial[name]
    areas, diagonal = range_areas(fpr[None, ::-1], tpr[None, ::-1], **{name: (lo, hi)})
    value = float(areas[0])
    return mcclish(value, diagonal, lo, hi) if partial["correct"] else value


def draw(rng, label, stratified):
    """The rows of one replicate: stratified by class, or all together."""
    if not stratified:
        return rng.integers(0, len(label), len(label))
    pos, neg = np.flatnonzero(label), np.flatnonzero(~label)
    return np.concatenate((rng.choice(pos, len(pos)), rng.choice(neg, len(neg))))


def statistic_of(smoothing, rows, partial):
    """The area (`partial`: a partial-area dict or None) or another reading
    (`partial`: a function of (TPR, FPR, attrs)) of a replicate's smoothed
    curve, NaN when not smoothable (a class missing, or too few points), as
    pROC."""
    if rows is not None:
        label = smoothing.label[rows]
        if label.all() or not label.any():
            return math.nan
    if isinstance(smoothing, Empirical):  # the raw curve of a mixed pair
        return smoothing.read(rows, partial)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tpr, fpr, attrs = smoothing.redo(rows)
            if isinstance(partial, Coordinates):
                pass  # read below: its errors (best_policy "stop") are the caller's
            elif callable(partial):
                return partial(tpr, fpr, attrs)
            else:
                return area(tpr, fpr, attrs, partial)
    except ValueError:
        return math.nan
    return partial.read(smoothing, rows, tpr, fpr)


def replicate_areas(smoothings, n_boot, seed, stratified, partials, paired=True):
    """An (n_boot, k) array of the k curves' replicate areas (or readings:
    a reading may give several values, side by side), NaN rows dropped with
    pROC's warning.  Paired curves share each replicate's rows."""
    return without_na(replicate_readings(smoothings, n_boot, seed, stratified, partials, paired))


def replicate_readings(smoothings, n_boot, seed, stratified, partials, paired=True):
    """`replicate_areas` with the NaN rows kept (NaN: not smoothable)."""
    rng = np.random.default_rng(seed)
    smoothings = [rows_of(s) for s in smoothings]
    rows_out = []
    for _ in range(n_boot):
        rows = draw(rng, smoothings[0].label, stratified) if paired else None
        row = []
        for s, partial in zip(smoothings, partials):
            these = rows if paired else draw(rng, s.label, stratified)
            row.append(np.atleast_1d(statistic_of(s, these, partial)))
        rows_out.append(row)
    widths = [max(len(row[k]) for row in rows_out) for k in range(len(smoothings))]
    return np.array(
        [np.concatenate([np.resize(v, w) for v, w in zip(row, widths)]) for row in rows_out]
    ).reshape(n_boot, sum(widths))


def estimate(smoothing, partial):
    """The area of the smoothed curve itself."""
    return statistic_of(smoothing, None, partial)


def same_rows(first, second):
    """Whether two curves' data have the same labels, row for row (the rows
    replicates draw: frequency weights as rows repeated)."""
    a, b = repeated(first).label, repeated(second).label
    return len(a) == len(b) and bool((a == b).all())


def check_paired(first, second, function):
    """Two curves of the same rows (pROC's are.paired on their roc
    objects): same labels."""
    if not same_rows(first, second):
        raise ValueError(
            f"{function}(): the two curves are not paired (their data do not have "
            "the same labels, row for row: a smoothed curve's rows and a raw curve's label=)"
        )


def smooth_interval(smoothing, method, conf_level, n_boot, seed, stratified, partial):
    """pROC's ``ci.auc(smooth(roc))``: the percentile interval of the
    replicates' smoothed areas."""
    from .checks import check_n_boot
    from .results import AUCInterval

    no_delong(method, "auc_ci")
    check_n_boot(n_boot)
    own, rows = readers(smoothing)
    values = replicate_areas([rows], n_boot, seed, stratified, [partial])[:, 0]
    low, high = np.quantile(values, [(1 - conf_level) / 2, (1 + conf_level) / 2])
    sd = float(np.std(values, ddof=1)) if len(values) > 1 else math.nan
    return AUCInterval(
        estimate(own, partial), float(low), float(high), conf_level, int(n_boot), values,
        std_error=sd, method=f"smoothed, bootstrap ({int(n_boot)}, "
        + ("stratified)" if stratified else "not stratified)"),
    )  # fmt: skip


def smooth_var(smoothing, method, n_boot, seed, stratified, partial):
    """pROC's ``var(smooth(roc))``: the replicates' sample variance."""
    from .checks import check_n_boot

    no_delong(method, "auc_var")
    check_n_boot(n_boot)
    values = replicate_areas([smoothing], n_boot, seed, stratified, [partial])[:, 0]
    return float(np.var(values, ddof=1))


def two_smoothings(first, second, function, raw=None):
    """The recipes of two curves given to `function`: each smoothed curve's
    `Smoothing`, and for raw guesses beside a smoothed curve (pROC's
    ``roc.test(roc1, smooth(roc2))``) their `Empirical` data, from `raw`
    (label, weight, weights_are, positive, direction)."""
    pair = [smoothing_of(first), smoothing_of(second)]
    for k, guess in enumerate((first, second)):
        if pair[k] is None:
            if raw is None or raw["label"] is None:
                raise TypeError(
                    f"{function}(): raw guesses beside a smooth_roc curve need label= "
                    "(only a smooth_roc curve carries its own data)"
                )
            pair[k] = empirical(guess, **raw)
    return tuple(pair)


def mixed(pair):
    """Whether one curve of `pair` is raw (`Empirical`) and the other smoothed."""
    return isinstance(pair[0], Empirical) != isinstance(pair[1], Empirical)


def different_smoothing(pair):
    """pROC's warning when the two curves were not smoothed alike (a raw
    curve beside a smoothed one included: pROC compares their smoothing
    arguments)."""
    if mixed(pair) or not same_smoothing(*pair):
        warn(
            "Different smoothing parameters in the ROC curves. Enforcing the inconsistency, "
            "but unexpected results may be produced.",
            UserWarning,
        )


def smooth_cov(first, second, method, n_boot, seed, stratified, partial, raw=None):
    """pROC's ``cov(smooth(roc1), smooth(roc2))`` of paired curves, or of a
    raw curve (its data in `raw`, see `two_smoothings`) and a smoothed one."""
    from .checks import check_n_boot

    no_delong(method, "auc_cov")
    check_n_boot(n_boot)
    pair = two_smoothings(first, second, "auc_cov", raw)
    check_paired(*pair, "auc_cov")
    different_smoothing(pair)
    values = replicate_areas(list(pair), n_boot, seed, stratified, per_curve(partial))
    return float(np.cov(values[:, 0], values[:, 1], ddof=1)[0, 1])


def same_smoothing(first, second):
    """Whether two curves were smoothed alike (pROC's identical smoothing.args)."""

    def same(a, b):
        if callable(a) or callable(b):
            return a is b
        if isinstance(a, str) or isinstance(b, str) or a is None or b is None:
            return a == b
        return bool(np.array_equal(np.asarray(a), np.asarray(b)))

    keys = ("method", "n", "direction", "weights_are")
    return all(getattr(first, k) == getattr(second, k) for k in keys) and all(
        same(first.options[k], second.options[k]) for k in first.options
    )


def per_curve(partial):
    """Each curve's partial area: a pair given per curve, or one for both."""
    return list(partial) if isinstance(partial, tuple) else [partial, partial]


def need_label(label, function):
    """The labels of raw inputs: optional only with a smoothed curve
    (which carries its own)."""
    if label is None:
        raise TypeError(
            f"{function}() needs label with raw guesses (only a smooth_roc curve carries its own)"
        )
    return label


@dataclasses.dataclass(frozen=True)
class At:
    """A reading at a fixed point: `given` ("specificity" or "sensitivity")
    at `value`.  Called on a smoothed curve's (TPR, FPR, attrs) it
    interpolates linearly between its points (pROC's coords of a smoothed
    curve); an `Empirical` curve reads it as the raw bootstrap does."""

    given: str
    value: float

    @property
    def at(self):
        return self.given, self.value

    def __call__(self, tpr, fpr, attrs):
        if self.given == "specificity":
            return float(np.interp(self.value, 1 - fpr, tpr))
        # sensitivities descend down the rows
        return float(np.interp(self.value, tpr[::-1], 1 - fpr[::-1]))


def se_at_sp(specificity):
    """The sensitivity of a smoothed curve at a specificity, interpolated
    linearly between its points (pROC's coords with input specificity)."""
    return At("specificity", specificity)


def sp_at_se(sensitivity):
    """The specificity at a sensitivity (sensitivities descend down the rows)."""
    return At("sensitivity", sensitivity)


def names(partial, smoothed_words="Smoothed "):
    """pROC's names of the two estimates (`smoothed_words` a pair: each
    curve's, "" for a raw curve)."""
    if isinstance(smoothed_words, tuple):
        return tuple(names(partial, w)[k] for k, w in enumerate(smoothed_words))
    if isinstance(partial, tuple):
        return tuple(names(p, smoothed_words)[k] for k, p in enumerate(partial))
    if partial is None:
        return tuple(f"{smoothed_words}AUC of roc{k}" for k in (1, 2))
    if partial["tpr_range"] is not None:
        lo, hi = partial["tpr_range"]
        text = f"{hi:.15g}-{lo:.15g} sensitivity"
    else:
        lo, hi = partial["fpr_range"]
        text = f"{1 - lo:.15g}-{1 - hi:.15g} specificity"
    corrected = "Corrected " if partial["correct"] else ""
    smoothed_words = smoothed_words.lower() if corrected else smoothed_words  # pROC's sub()
    return tuple(f"{corrected}{smoothed_words}pAUC ({text}) of roc{k}" for k in (1, 2))


def data_name(first, second):
    """pROC's ``data.names`` of two curves, as ``roc.test(smooth(roc1),
    smooth(roc2))`` prints them: "smooth(roc1)" for a smoothed curve, a
    raw guess's own name (a named Series) or "roc1" (roc2) otherwise."""
    words = []
    for k, curve in enumerate((first, second), start=1):
        name = getattr(curve, "name", None)
        if smoothing_of(curve) is not None:
            words.append(f"smooth(roc{k})")
        else:
            words.append(name if isinstance(name, str) else f"roc{k}")
    return " and ".join(words)


def smooth_test(first, second, request):
    """pROC's ``roc.test(smooth(roc1), smooth(roc2), method = "bootstrap" |
    "sensitivity" | "specificity")``: D = (S1 - S2) / sd(S1* - S2*), the
    statistic an area or a rate at a fixed point, each replicate smoothed
    again; paired curves share their replicates' rows.  One curve may be
    raw (``request["raw"]`` its label and weight, see `two_smoothings`):
    its replicates are the empirical curves of the same rows."""
    from .checks import check_n_boot
    from .distributions import p_value
    from .results import HTest

    method = request["method"]
    if method not in ("bootstrap", "sensitivity", "specificity"):
        raise ValueError(
            "roc_test(): smoothed curves are compared by bootstrap: method 'bootstrap', "
            "'sensitivity' or 'specificity' (pROC: \"DeLong's test is not supported for "
            f'smoothed ROC curves"); got method={method!r}'
        )
    check_n_boot(request["n_boot"])
    pair = two_smoothings(first, second, "roc_test", request.get("raw"))
    paired = same_rows(*pair) if request["paired"] is None else request["paired"]
    if paired:
        check_paired(*pair, "roc_test")
    partial = request["partial"]
    value = request.get(method, 0.0)
    if method != "bootstrap" and not (isinstance(value, (int, float)) and 0 <= value <= 1):
        raise ValueError(
            f"Argument '{method}' must be numeric of length 1 for a {method} test "
            f"(a rate in [0, 1]); got {value!r}"
        )
    if method == "specificity":
        reader, null = se_at_sp(value), f"difference in sensitivity at {value:.15g} specificity"
    elif method == "sensitivity":
        reader, null = sp_at_se(value), f"difference in specificity at {value:.15g} sensitivity"
    else:
        reader, null = None, "difference in AUC"
    reading = per_curve(partial) if method == "bootstrap" else [reader, reader]
    different_smoothing(pair)
    own, rows = zip(*map(readers, pair))
    values = replicate_areas(
        list(rows), request["n_boot"], request["seed"], request["stratified"],
        reading, paired,
    )  # fmt: skip
    estimates = [estimate(s, p) for s, p in zip(own, per_curve(partial))]
    compared = estimates if method == "bootstrap" else [statistic_of(s, None, reader) for s in own]
    diffs = values[:, 0] - values[:, 1]
    std_error = float(np.std(diffs, ddof=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        statistic = (compared[0] - compared[1]) / np.float64(std_error)
    if np.isnan(statistic) and (diffs == 0).all() and compared[0] == compared[1]:
        statistic = 0.0
    kind = {"bootstrap": "Bootstrap", "sensitivity": "Sensitivity", "specificity": "Specificity"}
    words = tuple("" if isinstance(s, Empirical) else "Smoothed " for s in pair)
    return HTest(
        statistic=float(statistic),
        p_value=p_value(float(statistic), request["alternative"]),
        estimate=dict(zip(names(partial, words), map(float, estimates))),
        method=f"{kind[method]} test for two {'correlated ' if paired else ''}ROC curves",
        alternative=request["alternative"],
        parameter={"boot.n": int(request["n_boot"]), "boot.stratified": int(request["stratified"])},
        data_name=request["data_name"] or data_name(first, second),
        statistic_name="D",
        null_name=null,
        std_error=std_error,
    )


def smooth_band(smoothing, given, points, conf_level, n_boot, seed, stratified):
    """pROC's ``ci.se(smooth(roc))`` (`given` "specificity") or ``ci.sp``:
    quantiles of the replicates' readings at `points`, each replicate
    smoothed again; the same frame as `weightedroc.ci_se`'s."""
    read = se_at_sp if given == "specificity" else sp_at_se
    other = "sensitivity" if given == "specificity" else "specificity"

    def reader(tpr, fpr, attrs):
        return np.array([read(x)(tpr, fpr, attrs) for x in points])

    data, rows = readers(smoothing)
    own = statistic_of(data, None, reader)
    reps = replicate_areas([rows], n_boot, seed, stratified, [reader])
    low, median, high = np.quantile(reps, [(1 - conf_level) / 2, 0.5, (1 + conf_level) / 2], axis=0)
    band = pd.DataFrame(
        {given: points, other: own, "conf_low": low, "median": median, "conf_high": high}
    )
    method = "stratified bootstrap percentile" if stratified else "bootstrap percentile"
    band.attrs.update(conf_level=conf_level, n_boot=n_boot, method=method, smoothed=True)
    return band


@dataclasses.dataclass(frozen=True)
class Coordinates:
    """pROC's ``coords(smooth(replicate), x, input, ret)``: a replicate's
    smoothed points read by `coords`' own reading of a smoothed curve
    (`smoothed_counts`: rates times the replicate's class totals, then
    `coords_of`), point by point; with ``x="best"`` pROC's ``best.policy``
    for tied points ("stop": an error, "omit": NaN, "random": one of them,
    drawn by `rng`)."""

    x: object  # "best" or an array of values of `input`
    input: str
    ret: list
    params: dict
    best_method: str
    policy: str
    rng: np.random.Generator = dataclasses.field(repr=False)

    def read(self, smoothing, rows, tpr, fpr):
        from ..engine.counts import smoothed_counts
        from ..metrics.coordinates import coords_of

        data = smoothing
        if rows is not None:
            weight = None if smoothing.weight is None else smoothing.weight[rows]
            data = SimpleNamespace(label=smoothing.label[rows], weight=weight)
        counts = smoothed_counts(tpr, fpr, data, smoothing.direction)
        table = coords_of(counts, self.x, self.input, self.ret, self.params, self.best_method)
        values = table[self.ret].to_numpy(dtype=float)
        if isinstance(self.x, str) and len(values) > 1:
            if self.policy == "stop":
                raise ValueError(
                    'More than one "best" threshold was found, aborting. Change '
                    "'best_policy' to alter this behavior."
                )
            if self.policy == "omit":
                return np.full(len(self.ret), np.nan)
            values = values[self.rng.integers(len(values))]
        return values.ravel()


def smooth_coords_replicates(smoothing, request, n_boot, seed, stratified):
    """pROC's ``ci.coords(smooth(roc), x, input, ret)``: an (n_boot, points
    x ret) array of the replicates' coordinates (`Coordinates` of `request`:
    x, input, ret, params, best_method, best_policy, checked), each
    replicate smoothed again; NaN rows for replicates that cannot be."""
    rng = np.random.default_rng(seed)
    reader = Coordinates(*request, rng=rng)
    values = replicate_readings([smoothing], n_boot, rng, stratified, [reader])
    width = len(reader.ret) * (1 if isinstance(reader.x, str) else len(reader.x))
    return np.broadcast_to(values, (n_boot, width)) if values.shape[1] != width else values
