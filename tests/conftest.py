"""Checks of how the suite runs, before any test.

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
