"""The result objects of inference: frozen dataclasses that print as R does.

`AUCInterval` (an interval of the AUC), `HTest` (a test, as R's htest) and
`PowerTest` (a power calculation, as R's power.htest).  A leaf module: it
imports nothing from the package beyond `weightedroc.utils` and the leaves
`.distributions` and `.wald`, so that every method and dispatcher can
return these without importing each other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from ..utils.deprecation import alias
from ..utils.warn import warn
from .distributions import chisq_sf, f_sf
from .wald import check_contrast, wald

__all__ = ["AUCInterval", "HTest", "KCurveTest", "PowerTest"]


@dataclass(frozen=True)
class AUCInterval:
    """Result of `weightedroc.auc_ci`.

    Attributes
    ----------
    estimate : float
        The AUC of the data (`auc_score`), or the partial area.
    conf_low, conf_high : float
        The interval's bounds (``lower`` and ``upper`` before 1.0:
        deprecated aliases).
    conf_level : float
        Its confidence level (``level`` before 1.0: a deprecated alias).
    n_replicates : int
        Number of replicates (0 for DeLong's interval; ``n_boot`` before
        1.3: a deprecated alias).
    replicates : numpy.ndarray
        The replicates' AUCs (empty for DeLong's interval).
    df : float
        Degrees of freedom of a DeLong interval's Student t quantile; inf
        for the normal quantile and for the bootstrap.
    std_error : float
        The estimate's standard error: the square root of DeLong's (or the
        jackknife's) variance, or the replicates' standard deviation.
    median : float
        The replicates' median (NaN for DeLong's interval): pROC's middle
        value of a bootstrap ``ci.auc`` (``ci.auc(...)[2]``), where ours
        reports the curve's own area as `estimate`.
    method : str
        What was computed, in words: "DeLong", "bootstrap (2000,
        stratified)", "linearization (svyrecvar)", "JKn replicates (40)".

    Examples
    --------
    >>> from weightedroc import auc_ci
    >>> ci = auc_ci([0.1, 0.4, 0.35, 0.8, 0.7, 0.2], [0, 0, 1, 1, 1, 0],
    ...             method="bootstrap", n_boot=200, seed=1)
    >>> bool(ci.median == np.median(ci.replicates))
    True
    """

    estimate: float
    conf_low: float
    conf_high: float
    conf_level: float
    n_replicates: int
    replicates: np.ndarray = field(repr=False)
    df: float = math.inf
    std_error: float = math.nan
    method: str | None = None

    lower = alias("conf_low", "lower")
    n_boot = alias("n_replicates", "n_boot")
    upper = alias("conf_high", "upper")
    level = alias("conf_level", "level")

    @property
    def median(self) -> float:
        """The replicates' median, pROC's middle value (NaN without replicates)."""
        if len(self.replicates) == 0:
            return math.nan
        return float(np.median(self.replicates))


_ALTERNATIVE = {"two.sided": "not equal to", "less": "less than", "greater": "greater than"}


def _g(value, digits=5):
    """R's format(x, digits=5)-like rendering of one number."""
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return "NA"
    return f"{value:.{digits}g}"


def _decimals(value, digits):
    """Decimals R's fixed notation needs to show `value` to `digits` significant digits."""
    if value == 0 or not np.isfinite(value):
        return 0
    target = float(f"{value:.{digits - 1}e}")
    for significant in range(1, digits + 1):
        if float(f"{value:.{significant - 1}e}") == target:
            break
    return max(0, significant - 1 - int(np.floor(np.log10(abs(target)))))


def format_vector(values, digits=7):
    """R's format() of a numeric vector: one number of decimals for all."""
    decimals = max(_decimals(v, digits) for v in values)
    return [_g(v) if not np.isfinite(v) else f"{v:.{decimals}f}" for v in values]


@dataclass(frozen=True)
class HTest:
    """A hypothesis test's result, with R's htest fields and words.

    Attributes
    ----------
    statistic : float
        The test statistic; its name is `statistic_name` ("Z", "D", "t").
    p_value : float
    estimate : dict
        Named estimates, e.g. ``{"AUC of roc1": 0.82, "AUC of roc2": 0.78}``.
    method : str
        R's title, e.g. "DeLong's test for two correlated ROC curves".
    alternative : str
        "two.sided", "less" or "greater".
    conf_low, conf_high : float or None
        Interval of the difference, when the method gives one (R's
        ``conf.int``; ``conf_int``, the pair, is a deprecated alias).
    conf_level : float or None
    parameter : dict
        Further parameters, e.g. ``{"df": 187.3}`` or ``{"boot.n": 2000}``.
    null_value : float
        The difference under the null hypothesis (0).
    data_name : str
    statistic_name : str
    null_name : str
        What the null hypothesis is about (R's ``names(null.value)``).
    std_error : float or None
        The standard error of the difference, when the method has one
        (DeLong's tests, the bootstrap's).
    """

    statistic: float
    p_value: float
    estimate: dict
    method: str
    alternative: str = "two.sided"
    conf_low: float | None = None
    conf_high: float | None = None
    conf_level: float | None = None
    parameter: dict = field(default_factory=dict)
    null_value: float = 0.0
    data_name: str = "roc1 and roc2"
    statistic_name: str = "Z"
    null_name: str = "difference in AUC"
    std_error: float | None = None

    @property
    def conf_int(self):
        """Deprecated: ``(conf_low, conf_high)``, or None without an interval."""
        warn(
            "HTest.conf_int is deprecated and will be removed in 2.0: use .conf_low and .conf_high",
            FutureWarning,
        )
        return self._interval()

    def _interval(self):
        return None if self.conf_low is None else (self.conf_low, self.conf_high)

    def __repr__(self):
        pvalue = self.p_value
        shown_p = "< 2.2e-16" if pvalue < 2.2e-16 else f"= {_g(pvalue, 4)}"
        parts = [f"{self.statistic_name} = {_g(self.statistic)}"]
        parts += [f"{name} = {_g(value)}" for name, value in self.parameter.items()]
        parts.append(f"p-value {shown_p}")
        lines = [
            "",
            f"\t{self.method}",
            "",
            f"data:  {self.data_name}",
            ", ".join(parts),
            f"alternative hypothesis: true {self.null_name} is "
            f"{_ALTERNATIVE[self.alternative]} {_g(self.null_value)}",
        ]
        if self._interval() is not None:
            lines.append(f"{_g(100 * self.conf_level)} percent confidence interval:")
            lines.append(" " + " ".join(format_vector(self._interval())))
        if not self.estimate:  # R prints no estimates then (Venkatraman's test)
            return "\n".join(lines) + "\n"
        lines.append("sample estimates:")
        names = list(self.estimate)
        values = format_vector(list(self.estimate.values()))
        widths = [max(len(n), len(v)) for n, v in zip(names, values)]
        lines.append(" ".join(n.rjust(w) for n, w in zip(names, widths)) + " ")
        lines.append(" ".join(v.rjust(w) for v, w in zip(values, widths)) + " ")
        return "\n".join(lines) + "\n"

    def to_frame(self):
        """One row: statistic, parameters, p_value, estimates, interval, method."""
        row = {"statistic": self.statistic, **self.parameter, "p_value": self.p_value}
        row.update(self.estimate)
        if self._interval() is not None:
            row["conf_low"], row["conf_high"] = self._interval()
        row["method"], row["alternative"] = self.method, self.alternative
        return pd.DataFrame([row])


@dataclass(frozen=True, repr=False)
class KCurveTest(HTest):
    """A test of equal AUCs of K >= 2 curves (`roc_test` of K curves, Stata's
    ``roccomp``): an `HTest` whose statistic is the omnibus chi-square
    ("X-squared", parameter ``df``) or, under a design with
    ``quantile="t"``, survey's F (``df1``, ``df2``), with three more fields.

    Attributes
    ----------
    covariance : pandas.DataFrame
        The K x K covariance of the AUCs, named by curve.
    contrast : pandas.DataFrame
        The contrast matrix tested, one row per contrast, one column per curve.
    pairwise : pandas.DataFrame
        One row per pair of curves: ``curve1``, ``curve2``, ``estimate``
        (AUC1 - AUC2), ``std_error``, ``statistic`` (Z), ``p_value``,
        ``conf_low``, ``conf_high``, and the Holm and Bonferroni adjusted
        p-values ``p_holm``, ``p_bonferroni``.

    Examples
    --------
    >>> from weightedroc import load_asah, roc_test
    >>> asah = load_asah()
    >>> test = roc_test(asah[["s100b", "wfns", "ndka"]], label=asah["outcome"])
    >>> test.statistic_name, test.parameter
    ('X-squared', {'df': 2.0})
    >>> list(test.pairwise["curve2"])
    ['wfns', 'ndka', 'ndka']
    """

    covariance: pd.DataFrame | None = field(default=None, compare=False)
    contrast: pd.DataFrame | None = field(default=None, compare=False)
    pairwise: pd.DataFrame | None = field(default=None, compare=False)

    def wald_test(self, contrast) -> KCurveTest:
        """The same curves' test of your own contrast, L A = 0 (as
        statsmodels' ``results.wald_test``): the Wald chi-square (or
        survey's F, when this test is one) of (L A)' (L V L')^-1 (L A), V the
        AUCs' `covariance` of this test (DeLong, bootstrap or design-based).

        Parameters
        ----------
        contrast : array-like
            One row per contrast, one column per curve, rows summing to 0,
            full row rank.

        Returns
        -------
        KCurveTest
            This test with the new statistic, p-value, parameter and
            `contrast`; the AUCs, covariance and pairwise rows unchanged.

        Examples
        --------
        >>> from weightedroc import load_asah, roc_test
        >>> asah = load_asah()
        >>> test = roc_test(asah[["s100b", "wfns", "ndka"]], label=asah["outcome"])
        >>> one = test.wald_test([[1, -1, 0]])
        >>> one.parameter, round(one.p_value, 4)
        ({'df': 1.0}, 0.0272)
        """
        covariance = self.covariance
        if covariance is None:
            raise ValueError("this test has no covariance of the AUCs to test a contrast with")
        names = list(covariance.columns)
        L = check_contrast(contrast, len(names))
        aucs = np.array([self.estimate[f"AUC of {name}"] for name in names])
        V = covariance.to_numpy()
        statistic, rank = wald(L @ aucs, L @ V @ L.T)
        if self.statistic_name == "F":
            df2 = self.parameter["df2"]
            shown = statistic / rank if rank else 0.0
            p = f_sf(shown, rank, df2) if rank else 1.0
            parameter = {"df1": float(rank), "df2": df2}
        else:
            shown = statistic
            p = chisq_sf(statistic, rank) if rank else 1.0
            parameter = {"df": float(rank)}
        return replace(
            self,
            statistic=float(shown),
            p_value=float(p),
            parameter=parameter,
            contrast=pd.DataFrame(L, columns=names),
        )

    def __repr__(self):
        table = self.pairwise.copy()
        shown = table.drop(columns=["conf_low", "conf_high"]).to_string(
            index=False, float_format=lambda v: f"{v:.4g}"
        )
        return HTest.__repr__(self) + "pairwise differences (Holm, Bonferroni):\n" + shown + "\n"


def r_format(value, digits=7):
    """One value as R's ``format(x, digits = 7)``: at most `digits`
    significant digits, fixed notation unless scientific is narrower."""
    if isinstance(value, str):
        return value
    value = float(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Inf" if value > 0 else "-Inf"
    if value == 0:
        return "0"
    mantissa, exponent = f"{value:.{digits - 1}e}".split("e")
    mantissa = mantissa.rstrip("0").rstrip(".")
    power = int(exponent)
    significant = sum(c.isdigit() for c in mantissa)
    decimals = max(0, significant - 1 - power)
    negative = int(value < 0)
    fixed = negative + max(power, 0) + 1 + (decimals + 1 if decimals else 0)
    scientific = (
        negative + (significant + 1 if significant > 1 else 1) + (4 if abs(power) < 100 else 5)
    )
    if fixed <= scientific:
        return f"{value:.{decimals}f}"
    return f"{mantissa}e{'-' if power < 0 else '+'}{abs(power):02d}"


@dataclass(frozen=True)
class PowerTest:
    """Result of `power_roc_test`, as R's ``power.htest``.

    Attributes
    ----------
    ncases, ncontrols : float
        Numbers of positive and negative observations (given, taken from
        the curves, or solved for).
    auc : float, tuple of float or None
        The AUC (given, of the curve, or solved for); for two curves the
        pair (AUC1, AUC2); None for binormal parameters.
    sig_level : float
        The significance level (probability of a type I error).
    power : float
        The power (1 - probability of a type II error).
    alternative : str
        ``"two.sided"`` or ``"one.sided"``.
    method : str
        R's title: "One ROC curve power calculation" or "Two ROC curves
        power calculation".
    """

    ncases: float
    ncontrols: float
    auc: float | tuple | None
    sig_level: float
    power: float
    alternative: str
    method: str

    def _fields(self):
        """R's fields: two curves have auc1 and auc2 and the alternative;
        binormal parameters (no AUC) neither."""
        fields = {"ncases": self.ncases, "ncontrols": self.ncontrols}
        if isinstance(self.auc, tuple):
            fields.update(auc1=self.auc[0], auc2=self.auc[1])
        elif self.auc is not None:
            fields["auc"] = self.auc
        fields.update({"sig.level": self.sig_level, "power": self.power})
        if isinstance(self.auc, tuple):
            fields["alternative"] = self.alternative
        return fields

    def __repr__(self):
        lines = [f"{name:>15} = {r_format(value)}" for name, value in self._fields().items()]
        return f"\n     {self.method} \n\n" + "".join(line + "\n" for line in lines) + "\n"
