"""Normal, Student t, chi-square and F probabilities for the DeLong
intervals and tests.

Student's t, the chi-square and F come from SciPy (the ``stats`` extra),
imported only when one is asked for; a t with infinite degrees of freedom it is the normal, which
needs nothing beyond the standard library.
"""

import math

from ..utils.normal import pnorm, qnorm


def _special():
    try:
        import scipy.special
    except ImportError as error:  # pragma: no cover - scipy is in the dev extra
        raise ImportError(
            "Student's t, the chi-square and F (the unpaired DeLong test, the K-curve "
            "test, intervals and tests with importance weights) need SciPy: "
            "pip install 'weightedroc[stats]'"
        ) from error
    return scipy.special


def t_cdf(df, x):
    """P(T <= x) for Student's t with `df` degrees of freedom (inf: normal)."""
    if math.isinf(df):
        return pnorm(x)
    return float(_special().stdtr(df, x))


def p_value(statistic, alternative, df=math.inf):
    """pROC's p-value of a statistic that is Student's t with `df` degrees of
    freedom (inf: standard normal) under the null, for R's `alternative`."""
    if alternative == "two.sided":
        return 2 * t_cdf(df, -abs(statistic))
    return t_cdf(df, -statistic) if alternative == "greater" else t_cdf(df, statistic)


def t_quantile(df, p):
    """The `p` quantile of Student's t with `df` degrees of freedom (inf: normal)."""
    if math.isinf(df):
        return qnorm(p)
    return float(_special().stdtrit(df, p))


def chisq_sf(x, df):
    """P(X > x) for the chi-square with `df` degrees of freedom (SciPy's chdtrc)."""
    return float(_special().chdtrc(df, x))


def f_sf(x, df1, df2):
    """P(F > x) for Fisher's F with (`df1`, `df2`) degrees of freedom (SciPy's fdtrc)."""
    return float(_special().fdtrc(df1, df2, x))
