"""Obuchowski's variance and covariance of (partial) AUCs, as pROC's
``var(roc, method = "obuchowski")`` and ``cov(roc1, roc2, method = "obuchowski")``.

The variance rests on a binormal model of the curve, fitted as pROC's
``smooth(roc, method = "binormal")``: the least-squares line

    qnorm(specificity) = A + B qnorm(sensitivity)

through the curve's points (one per threshold, those with a sensitivity
or specificity of 0 or 1 left out).  With kappa = ncontrols / ncases,
Obuchowski and McClish (1997, formulas 4 and 5, table 1) give the
variance times ncases,

    V = f^2 (1 + B^2 / kappa + A^2 / 2) + g^2 B^2 (1 + kappa) / (2 kappa),

where f and g are the derivatives of the (partial) area in A and B: for
the full area f = exp(-A^2 / (2 (1 + B^2))) / sqrt(2 pi (1 + B^2)) and
g = -f A B / (1 + B^2); over an FPR range the table's expressions (pROC's
``f.partial`` and ``g.partial``, whose sign of the exponential term pROC
flips against the paper: pROC's sign is the derivative's, as
tests/test_power.py checks numerically).  The covariance of two scores of
the same observations adds their correlations among the positives (ra)
and among the negatives (rn), Pearson's of the raw scores.

These are pROC's numbers, which is what this module promises.  Note that
the paper defines A and B by qnorm(TPR) = A + B qnorm(FPR), while pROC's
line has specificity as its response: through the same points that is
roughly (A/B, -1/B) of the paper's.  The full AUC Phi(A / sqrt(1 + B^2))
is the same either way, the variance is not; the Inference vignette
measures both against the observed variance of AUCs of binormal samples
(DeLong's variance came within 4% of it, Obuchowski's with pROC's fit
0.64 to 2.0 times it).

Weights.  The curve's points are the weighted ones.  ``weights_are =
"frequency"``: the counts are the sums of the weights, so every number
equals pROC's on the rows repeated (the correlations are the weighted
Pearson ones, which repetition leaves as they are).  ``"importance"``:
the counts are Kish's effective sizes (sum w)^2 / sum w^2 of each class,
the number of unit-weight observations that would give a class mean the
same variance; they are the counts for unit (or equal) weights, and
multiplying every weight by a constant changes nothing.
"""

import math
from typing import NamedTuple

import numpy as np

from ..curves.smooth import binormal_line
from ..engine.core import cumulate, cumulate_sorted
from ..engine.validation import one_label_warning
from ..utils.normal import pnorm, qnorm
from .checks import prepared
from .placements import uneven


def class_sizes(label, weight, weights_are):
    """(ncases, ncontrols): the counts of positives and negatives, the
    sums of frequency weights, or Kish's effective sizes of importance
    weights (see the module's notes)."""
    if weight is None or (weights_are == "importance" and not uneven(weight)):
        cases = int(np.count_nonzero(label))
        return float(cases), float(len(label) - cases)
    sums = np.bincount(label.view(np.int8), weights=weight, minlength=2)
    if weights_are == "frequency":
        return float(sums[1]), float(sums[0])
    squares = np.bincount(label.view(np.int8), weights=weight * weight, minlength=2)
    return float(sums[1] ** 2 / squares[1]), float(sums[0] ** 2 / squares[0])


def data(guess, label, weight, positive, direction, weights_are):
    """`prepared` inputs, with equal importance weights as unit weights
    (exactly: the same numbers as without weights)."""
    guess, label, weight = prepared(guess, label, weight, positive, direction, weights_are)
    if weights_are == "importance" and not uneven(weight):
        weight = None
    return guess, label, weight


def binormal(guess, label, weight, ordered=None):
    """(A, B): pROC's binormal fit of the curve of validated inputs,
    ``lm(qnorm(sp) ~ qnorm(se))`` through its points strictly inside the
    unit square (`binormal_line`); `ordered`, their `stable_order` when
    the caller has it."""
    if ordered is None:
        counts = cumulate(guess, label, weight, checked=True)
    else:
        sorted_weight = None if weight is None else ordered.weight
        counts = cumulate_sorted(ordered.guess, ordered.tag, sorted_weight)
    se = (counts.total_pos - counts.FN) / counts.total_pos
    sp = counts.TN / counts.total_neg
    return binormal_line(qnorm(se), qnorm(sp))


def derivatives(A, B, fpr_range=None):
    """(f, g): the derivatives of the binormal (partial) area in A and B,
    Obuchowski and McClish (1997) table 1, as pROC's f/g.full and f/g.partial."""
    spread = 1 + B * B
    expr1 = math.exp(-A * A / (2 * spread))
    if fpr_range is None:
        f = expr1 * (2 * math.pi * spread) ** -0.5
        return f, -expr1 * A * B * (2 * math.pi * spread**3) ** -0.5
    # pROC's FPR1 and FPR2 are 1 - its partial.auc sorted decreasingly:
    # the top of the range, then the bottom.
    top, bottom = (_dagger(A, B, end) for end in fpr_range[::-1])
    expr3 = pnorm(top) - pnorm(bottom)
    expr4 = math.exp(-top * top / 2) - math.exp(-bottom * bottom / 2)
    f = expr1 * (2 * math.pi * spread) ** -0.5 * expr3
    g = (
        expr1 * (2 * math.pi * spread) ** -1 * (-expr4)
        - A * B * expr1 * (2 * math.pi * spread**3) ** -0.5 * expr3
    )
    return f, g


def _dagger(A, B, fpr):
    spread = 1 + B * B
    return (qnorm(fpr) + A * B / spread) * math.sqrt(spread)


def variance_params(A, B, kappa, fpr_range=None):
    """Obuchowski's ncases * var(AUC) of a binormal curve (A, B), kappa =
    ncontrols / ncases, over `fpr_range` (None: the full area); pROC's
    ``var.params.obuchowski``."""
    f, g = derivatives(A, B, fpr_range)
    return f * f * (1 + B * B / kappa + A * A / 2) + g * g * B * B * (1 + kappa) / (2 * kappa)


def covariance_params(first, second, rn, ra, kappa, ranges=(None, None)):
    """Obuchowski's ncases * cov(AUC1, AUC2) of binormal curves `first` and
    `second` ((A, B) each), with the scores' correlations rn among the
    negatives and ra among the positives, over the FPR `ranges` of the
    two curves (None: full areas); pROC's ``cov.params.obuchowski``, whose
    areas are partial only when both ranges are given."""
    if ranges[0] is None or ranges[1] is None:
        ranges = (None, None)
    (A1, B1), (A2, B2) = first, second
    f1, g1 = derivatives(A1, B1, ranges[0])
    f2, g2 = derivatives(A2, B2, ranges[1])
    return (
        f1 * f2 * (ra + rn * B1 * B2 / kappa + ra * ra * A1 * A2 / 2)
        + g1 * g2 * (B1 * B2 * (rn * rn + kappa * ra * ra) / (2 * kappa))
        + f1 * g2 * (ra * ra * A1 * B2 / 2)
        + f2 * g1 * (ra * ra * A2 * B1 / 2)
    )


class PairedFit(NamedTuple):
    """Obuchowski's parameters of two paired curves: the binormal (A, B) of
    each, the scores' correlations among the negatives (rn) and the
    positives (ra), kappa = ncontrols / ncases, and ncases."""

    first: tuple[float, float]
    second: tuple[float, float]
    rn: float
    ra: float
    kappa: float
    ncases: float

    def covvar(self, ranges=(None, None)):
        """ncases times var(AUC1), var(AUC2) and cov(AUC1, AUC2), over the
        FPR `ranges` of the two curves; pROC's ``covvar`` of Obuchowski's."""
        return (
            variance_params(*self.first, self.kappa, ranges[0]),
            variance_params(*self.second, self.kappa, ranges[1]),
            covariance_params(self.first, self.second, self.rn, self.ra, self.kappa, ranges),
        )


def paired_fit(guess1, guess2, label, weight, *, weights_are, positive, direction):
    """The `PairedFit` of two scores of the same observations."""
    if np.size(guess1) != np.size(guess2):
        raise ValueError(
            f"paired scores must have equal lengths (one guess of each score "
            f"per observation): guess1 has {np.size(guess1)}, guess2 "
            f"{np.size(guess2)}"
        )
    with one_label_warning():  # each score's preparation reads the labels
        g1, label_, weight_ = data(guess1, label, weight, positive, direction, weights_are)
        g2, _, _ = data(guess2, label, weight, positive, direction, weights_are)
    return _fit(g1, g2, label_, weight_, weights_are)


def fit_of(curves, weights_are):
    """The `PairedFit` of two paired `weightedroc.inference.request.Curve`, from their sorts."""
    first, second = curves
    weight = _unit(first.weight, weights_are)
    return _fit(first.guess, second.guess, first.label, weight, weights_are, curves)


def _fit(g1, g2, label_, weight_, weights_are, curves=(None, None)):
    ncases, ncontrols = class_sizes(label_, weight_, weights_are)
    ra, rn = (
        correlation(g1[cls], g2[cls], None if weight_ is None else weight_[cls])
        for cls in (label_, ~label_)
    )
    first, second = (
        binormal(g, label_, weight_, getattr(c, "ordered", None)) for g, c in zip((g1, g2), curves)
    )
    return PairedFit(first, second, rn, ra, ncontrols / ncases, ncases)


def var_theta(theta, kappa):
    """Obuchowski's (2004, formula 3) ncases * var(AUC) from the AUC alone
    (a binormal curve with B = 1); pROC's ``var.theta.obuchowski``."""
    A = qnorm(theta) * 1.414
    return (0.0099 * math.exp(-A * A / 2)) * ((5 * A * A + 8) + (A * A + 8) / kappa)


def correlation(x, y, weight=None):
    """Pearson's (weighted) correlation of `x` and `y`."""
    if weight is None:
        weight = np.ones(len(x))
    total = weight.sum()
    dx = x - np.dot(weight, x) / total
    dy = y - np.dot(weight, y) / total
    norms = math.sqrt(float(np.dot(weight, dx * dx)) * float(np.dot(weight, dy * dy)))
    if norms == 0:
        raise ValueError(
            "the correlation of the two scores is undefined (a score is constant "
            "within a class; pROC returns NA)"
        )
    return float(np.dot(weight, dx * dy)) / norms


def fpr_range_of(partial):
    """The FPR range of a checked partial area (`checks.partial_area`; None:
    the full area); Obuchowski's variance has no sensitivity (TPR) range, as
    in pROC."""
    if partial is None:
        return None, None
    if partial["tpr_range"] is not None:
        raise ValueError(
            "Obuchowski method is not supported for partial AUC on sensitivity "
            'region (tpr_range). Use fpr_range, or method="bootstrap" instead.'
        )
    return partial["fpr_range"], partial


def corrected(variance, partial):
    """The variance of McClish's standardised area when `partial` asks for
    it: the standardisation is linear, (1 + (A - min) / (max - min)) / 2."""
    if partial is None or not partial["correct"]:
        return variance
    lo, hi = partial["fpr_range"]
    diagonal = (hi * hi - lo * lo) / 2
    return variance / (4 * ((hi - lo) - diagonal) ** 2)


def _unit(weight, weights_are):
    """Equal importance weights as unit weights (exactly: the same numbers
    as without weights)."""
    return None if weights_are == "importance" and not uneven(weight) else weight


def obuchowski_var(r):
    """Obuchowski's variance of the (partial) AUC of a request's one curve; see `auc_var`."""
    fpr_range, partial = fpr_range_of(r.partial)
    (curve,) = r.curves
    weight = _unit(curve.weight, r.weights_are)
    ncases, ncontrols = class_sizes(curve.label, weight, r.weights_are)
    A, B = binormal(curve.guess, curve.label, weight, curve.ordered)
    variance = variance_params(A, B, ncontrols / ncases, fpr_range) / ncases
    return corrected(variance, partial)


def obuchowski_cov(r):
    """Obuchowski's covariance of the (partial) AUCs of a request's two
    paired curves; see `auc_cov`."""
    fpr_range, partial = fpr_range_of(r.partial)
    fit = fit_of(r.curves, r.weights_are)
    covariance = fit.covvar((fpr_range, fpr_range))[2] / fit.ncases
    return corrected(covariance, partial)
