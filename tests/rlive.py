"""Helpers of the tests that call R live through rpy2."""

import numpy as np


def vec(ro, x):
    """`x` as an R double vector."""
    return ro.FloatVector(np.asarray(x, dtype=float).tolist())
