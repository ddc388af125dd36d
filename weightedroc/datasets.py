"""Example data sets of R's ROCR and pROC packages, shipped as CSV.

The numbers were written by R with ``sprintf("%.17g")`` and are read back
exactly with Python's ``float`` (see ``reference_outputs/generate.R``).
"""

from __future__ import annotations

from importlib import resources

import pandas as pd

from .utils.signatures import in_help


def _read_csv(name, float_columns):
    """Read ``weightedroc/data/<name>``, parsing ``float_columns`` exactly."""
    with resources.files(__package__).joinpath("data", name).open("r") as f:
        return pd.read_csv(f, converters=dict.fromkeys(float_columns, float))


@in_help
def load_rocr_simple() -> pd.DataFrame:
    """Load ROCR.simple, the example data set of R's ROCR package.

    Returns
    -------
    pandas.DataFrame
        200 rows: ``predictions`` (float scores) and ``labels`` (0 or 1).

    Notes
    -----
    From ``data(ROCR.simple)`` of the ROCR package (Sing, Sander,
    Beerenwinkel and Lengauer; GPL).

    Examples
    --------
    >>> from weightedroc.datasets import load_rocr_simple
    >>> load_rocr_simple().shape
    (200, 2)
    """
    return _read_csv("rocr_simple.csv", ["predictions"])


@in_help
def load_asah() -> pd.DataFrame:
    """Load aSAH, the aneurysmal subarachnoid haemorrhage data of R's pROC.

    Returns
    -------
    pandas.DataFrame
        113 patients: ``s100b`` (float biomarker), ``outcome`` (Categorical
        with categories ``["Good", "Poor"]``, so "Poor" is the positive
        class as in R), ``age`` (years), ``wfns`` (WFNS grade, 1 to 5) and
        ``ndka`` (float biomarker).

    Notes
    -----
    From ``data(aSAH)`` of the pROC package (Robin et al.; GPL).

    Examples
    --------
    >>> from weightedroc.datasets import load_asah
    >>> load_asah().outcome.cat.categories.tolist()
    ['Good', 'Poor']
    """
    asah = _read_csv("asah.csv", ["s100b", "ndka"])
    asah["outcome"] = pd.Categorical(asah["outcome"], categories=["Good", "Poor"])
    return asah
