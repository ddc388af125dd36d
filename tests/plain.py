"""R's WeightedROC and WeightedAUC written plainly: the reference every fast
path is compared with, bit for bit.

The R source, line for line: order(guess) (a stable sort, -0 equal to 0),
cumsum of each class's weights (R's cumsum adds in long double and stores
each element as a double), the counts read at the last observation of each
run of equal guesses, then R's rate arithmetic.
"""

import numpy as np


def cumsum_r(values):
    """R's cumsum: one long double accumulator, each element stored as a double."""
    return np.cumsum(np.asarray(values, dtype=np.longdouble)).astype(np.float64)


def plain_roc(guess, positive, weight=None):
    """(TPR, FPR, threshold, FN, FP) as R computes them; `positive` is a bool mask."""
    guess = np.asarray(guess, dtype=np.float64)
    weight = np.ones(len(guess)) if weight is None else np.asarray(weight, np.float64)
    order = np.argsort(guess, kind="stable")
    y_hat, is_pos, w = guess[order], positive[order], weight[order]
    cum_pos = cumsum_r(np.where(is_pos, w, 0.0))
    cum_neg = cumsum_r(np.where(is_pos, 0.0, w))
    is_end = np.append(y_hat[1:] != y_hat[:-1], True)
    threshold = np.append(y_hat[is_end], np.inf)
    FN = np.append(0.0, cum_pos[is_end])
    TN = np.append(0.0, cum_neg[is_end])
    FP = cum_neg[-1] - TN
    return 1 - FN / cum_pos[-1], FP / cum_neg[-1], threshold, FN, FP


def plain_auc(TPR, FPR):
    """R's WeightedAUC: sum(rectangles, triangles), each sum in long double."""
    width = FPR[:-1] - FPR[1:]
    rectangles = TPR[1:] * width
    triangles = (TPR[:-1] - TPR[1:]) * width / 2
    return float(cumsum_r(rectangles)[-1]) + float(cumsum_r(triangles)[-1])


def trapezoid(y, x):
    """The trapezoid rule's area under y(x), as numpy 2's np.trapezoid (numpy 1.x has
    only np.trapz, removed in numpy 2)."""
    y, x = np.asarray(y, dtype=np.float64), np.asarray(x, dtype=np.float64)
    return float(np.sum((y[1:] + y[:-1]) / 2 * np.diff(x)))


def same_bits(a, b):
    """Equal as bit patterns (so -0.0 differs from 0.0 and NaN equals NaN)."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return a.shape == b.shape and np.array_equal(a.view(np.int64), b.view(np.int64))


def first_difference(frame, expected):
    """None when every column of `frame` has `expected`'s bits, else a message."""
    for name, column in zip(["TPR", "FPR", "threshold", "FN", "FP"], expected):
        got = np.asarray(frame[name], dtype=np.float64)
        if not same_bits(got, column):
            if len(got) != len(column):
                return f"{name}: {len(got)} rows, expected {len(column)}"
            row = int(np.flatnonzero(got.view(np.int64) != column.view(np.int64))[0])
            return f"{name} row {row}: {got[row]!r}, expected {column[row]!r}"
    return None


def plain_integral(x, y, t):
    """Integral from 0 to t of one piecewise-linear y(x) (x from 0 to 1,
    non-decreasing): the running trapezoids up to the segment holding t,
    then the part of that segment, as the partial areas compute it."""
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    width = np.diff(x)
    below = np.concatenate(([0.0], np.cumsum(width * (y[:-1] + y[1:]) / 2)))
    k = min(max(int((x <= t).sum()) - 1, 0), len(x) - 2)
    step = t - x[k]
    fraction = step / width[k] if width[k] > 0 else 0.0
    return below[k] + step * (y[k] + (y[k] + fraction * (y[k + 1] - y[k]))) / 2


def plain_tally(guess, positive, weight=None):
    """(below_pos, below_neg, P, N) per run of tied guesses, by ascending guess,
    in a plain loop: each class's weight added row by row in stable order
    (doubles), read at the last row of each run, and the runs' differences."""
    guess = np.asarray(guess, dtype=np.float64)
    order = np.argsort(guess, kind="stable")
    below_pos, below_neg, pos_sum, neg_sum = [], [], 0.0, 0.0
    for k, i in enumerate(order):
        w = 1.0 if weight is None else float(weight[i])
        if positive[i]:
            pos_sum += w
        else:
            neg_sum += w
        if k == len(order) - 1 or guess[order[k + 1]] != guess[i]:
            below_pos.append(pos_sum)
            below_neg.append(neg_sum)
    below_pos, below_neg = np.array(below_pos), np.array(below_neg)
    P = np.array([b - a for a, b in zip([0.0, *below_pos[:-1]], below_pos)])
    N = np.array([b - a for a, b in zip([0.0, *below_neg[:-1]], below_neg)])
    return below_pos, below_neg, P, N


def plain_placements(guess, positive, weight=None):
    """DeLong's placement value of each observation (in the rows' order), ties
    counted one half, from `plain_tally`: the negatives' weight below a
    positive plus half the tied, over W0; the positives' weight above a
    negative plus half the tied, over W1."""
    below_pos, below_neg, P, N = plain_tally(guess, positive, weight)
    W1, W0 = below_pos[-1], below_neg[-1]
    distinct = np.unique(np.asarray(guess, dtype=np.float64))
    value = np.empty(len(guess))
    for i, x in enumerate(np.asarray(guess, dtype=np.float64)):
        g = int(np.searchsorted(distinct, x))
        if positive[i]:
            value[i] = (below_neg[g] - N[g] / 2) / W0
        else:
            value[i] = ((W1 - below_pos[g]) + P[g] / 2) / W1
    return value


def plain_smoothed_replicates(smoothing, n_boot, seed, stratified, read):
    """Each bootstrap replicate of a smoothed curve smoothed again as before
    issue 38: the rows drawn as pROC's bootstrap draws them (cases from the
    cases and controls from the controls, or all rows together) with numpy's
    generator from `seed`, frequency weights as rows repeated, then the
    replicate smoothed by `Smoothing.redo`, which validates and sorts the
    drawn rows anew; `read(tpr, fpr, attrs)` its value, NaN when a class
    is missing or the replicate cannot be smoothed."""
    import dataclasses
    import warnings

    if smoothing.weights_are == "frequency" and smoothing.weight is not None:
        times = smoothing.weight.astype(np.int64)
        smoothing = dataclasses.replace(
            smoothing,
            guess=np.repeat(smoothing.guess, times),
            label=np.repeat(smoothing.label, times),
            weight=None,
            weights_are="importance",
        )
    rng = np.random.default_rng(seed)
    label = smoothing.label
    values = []
    for _ in range(n_boot):
        if stratified:
            pos, neg = np.flatnonzero(label), np.flatnonzero(~label)
            rows = np.concatenate((rng.choice(pos, len(pos)), rng.choice(neg, len(neg))))
        else:
            rows = rng.integers(0, len(label), len(label))
        if label[rows].all() or not label[rows].any():
            values.append(np.nan)
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                values.append(read(*smoothing.redo(rows)))
        except ValueError:
            values.append(np.nan)
    return np.array(values)


def plain_replicate_multiclass_auc(scores, label, weight, **options):
    """A multiclass AUC under one replicate's weights as before issue 38:
    the rows of weight 0 left out, NaN when a class has none left, else
    `multiclass_auc` of the kept rows (validated and sorted anew)."""
    from weightedroc import multiclass_auc

    kept = weight > 0
    labels = np.asarray(label)[kept]
    if len(np.unique(labels)) < len(np.unique(np.asarray(label))):
        return np.nan
    return multiclass_auc(np.asarray(scores)[kept], labels, weight[kept], **options)


def plain_design_band(given, points, guess, label, weight=None, *, design, conf_level=0.95):
    """`ci_se` (`given` "specificity") or `ci_sp` ("sensitivity") with a
    `SurveyDesign`, the plain way: the rows validated and the curve read
    under the sampling weights and under each replicate's weights (survey's
    type "auto": JKn with strata, JK1 without), each replicate's rows sorted
    anew, the Wald interval of svrVar (normal quantile).  The reference of
    `weightedroc.inference.design_points`, which reads one sort."""
    import math

    from weightedroc.engine.validation import prepared
    from weightedroc.inference.design_based import replicate_band
    from weightedroc.inference.replicates import se_at_sp, se_sp_rows, sp_at_se
    from weightedroc.survey.auc import full_rows, replicate_rows
    from weightedroc.survey.variance import svr_var

    weight = design.weight if weight is None else weight
    guess, label, weight = prepared(guess, label, weight, None, "<", "importance")
    weight = np.ones(len(guess)) if weight is None else weight
    reps = design.replicates("JKn" if design.strata is not None else "JK1", n=len(guess))
    at = se_at_sp if given == "specificity" else sp_at_se
    points = np.asarray(points, dtype=float)

    def read(P, N):
        se, sp = se_sp_rows(P, N)
        return np.stack([at(se, sp, x) for x in points], 1)

    own = full_rows(guess, label, weight, read)
    values = replicate_rows(guess, label, weight, reps, read)
    variance = np.diag(svr_var(values, reps, own))
    return replicate_band(given, points, own, variance, math.inf, conf_level, reps)


def plain_pr_sort(guess, positive):
    """pr_influence.sort_rows written plainly: a stable argsort of the negated
    guesses, each row's tie group, the groups' first rows, the sorted labels."""
    order = np.argsort(-np.asarray(guess, dtype=np.float64), kind="stable")
    s = np.asarray(guess, dtype=np.float64)[order]
    new = np.r_[True, s[1:] != s[:-1]]
    return order, np.cumsum(new) - 1, np.flatnonzero(new), np.asarray(positive, bool)[order]


def plain_interpolated_area(TP, FP):
    """The interpolated PR area from every segment's area, summed as computed
    (pr_interpolated.interpolated_area computes only the segments that gain
    positives, the others' areas being 0)."""
    from weightedroc.curves.pr_interpolated import segment_areas

    return float(np.sum(segment_areas(TP, FP)) / TP[-1])
