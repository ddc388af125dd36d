"""Checks of how the suite runs, before any test, and the fixtures that
several test files share.

CI's older legs (.ci/leg) set WEIGHTEDROC_TEST_WHEEL: the tests must then import
the installed wheel, never this source tree.
"""

import os
import random
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


def _hypothesis_profiles():
    """CI's hypothesis profile, chosen when the environment variable CI is set
    (GitHub Actions and most CI services set it): a failure prints a
    reproduction blob (``@reproduce_failure``), and the run's seed is drawn
    here and printed in the header (`pytest_report_header`), so any red can
    be rerun as it happened (``pytest --hypothesis-seed=N``).  The draws stay
    random from run to run (no derandomize), so CI keeps exploring."""
    from hypothesis import settings

    settings.register_profile("ci", print_blob=True, deadline=None)
    if os.environ.get("CI"):
        settings.load_profile("ci")


_hypothesis_profiles()


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    """Under CI, a seed for the whole run when none was given (before
    hypothesis' plugin reads ``--hypothesis-seed``)."""
    if os.environ.get("CI") and config.getoption("hypothesis_seed", None) is None:
        config.option.hypothesis_seed = str(random.SystemRandom().randrange(2**32))


def pytest_report_header(config):
    seed = config.getoption("hypothesis_seed", None)
    if seed is not None:
        return f"hypothesis seed: {seed} (rerun with pytest --hypothesis-seed={seed})"
    return None
