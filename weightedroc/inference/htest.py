"""HTest: the result of a test, as R's htest object (and its print)."""

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

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
    conf_int : tuple of float or None
        Interval of the difference, when the method gives one.
    conf_level : float or None
    parameter : dict
        Further parameters, e.g. ``{"df": 187.3}`` or ``{"boot.n": 2000}``.
    null_value : float
        The difference under the null hypothesis (0).
    data_name : str
    statistic_name : str
    """

    statistic: float
    p_value: float
    estimate: dict
    method: str
    alternative: str = "two.sided"
    conf_int: tuple | None = None
    conf_level: float | None = None
    parameter: dict = field(default_factory=dict)
    null_value: float = 0.0
    data_name: str = "roc1 and roc2"
    statistic_name: str = "Z"
    null_name: str = "difference in AUC"

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
        if self.conf_int is not None:
            lines.append(f"{_g(100 * self.conf_level)} percent confidence interval:")
            lines.append(" " + " ".join(format_vector(self.conf_int)))
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
        if self.conf_int is not None:
            row["conf_low"], row["conf_high"] = self.conf_int
        row["method"], row["alternative"] = self.method, self.alternative
        return pd.DataFrame([row])
