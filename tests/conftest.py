"""Checks of how the suite runs, before any test, and the fixtures that
several test files share.

CI's older legs (.ci/leg) set WEIGHTEDROC_TEST_WHEEL: the tests must then import
the installed wheel, never this source tree.
"""

import os
from pathlib import Path

import pytest

TREE = Path(__file__).resolve().parents[1]


def pytest_sessionstart(session):
    if not os.environ.get("WEIGHTEDROC_TEST_WHEEL"):
        return
    import weightedroc

    where = Path(weightedroc.__file__).resolve()
    if TREE in where.parents:
        raise pytest.UsageError(
            f"WEIGHTEDROC_TEST_WHEEL is set but weightedroc was imported from the "
            f"source tree ({where}), not from the installed wheel"
        )


@pytest.fixture(scope="module")
def r():
    """rpy2's robjects with pROC loaded; the test skips with the reason
    when R, rpy2 or pROC is missing."""
    from weightedroc import rbridge

    ok, reason = rbridge.r_available("pROC")
    if not ok:
        pytest.skip(reason)
    import rpy2.robjects as ro

    ro.r("suppressMessages(library(pROC))")
    return ro


@pytest.fixture(scope="module")
def asah_poor():
    """The asah data set and its outcome as 0/1 (1 for "Poor")."""
    from weightedroc.datasets import load_asah

    frame = load_asah()
    return frame, (frame["outcome"] == "Poor").to_numpy().astype(int)
