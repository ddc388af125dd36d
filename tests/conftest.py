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
    # make test-deep: more examples for every property test that does not fix its own,
    # drawn from a fixed seed (derandomized): the deep run is the same wherever it runs,
    # while make test keeps drawing new examples on every CI run.
    settings.register_profile(
        "deep", print_blob=True, deadline=None, max_examples=1000, derandomize=True
    )
    if os.environ.get("CI"):
        settings.load_profile("ci")


_hypothesis_profiles()


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    """Under CI, a seed for the whole run when none was given (before
    hypothesis' plugin reads ``--hypothesis-seed``)."""
    deep = config.getoption("hypothesis_profile", None) == "deep"
    if os.environ.get("CI") and not deep and config.getoption("hypothesis_seed", None) is None:
        config.option.hypothesis_seed = str(random.SystemRandom().randrange(2**32))


DEEP_FACTOR = 3  # the deep profile's property tests: three times their own examples
# make test: every property test at half its examples (make test-deep, which CI also
# runs, gives them three times), so that the newcomer's command stays within 5
# minutes on 2 cores.  CI's older stacks (.ci/leg sets WEIGHTEDROC_CI_STACK): a
# quarter; their question is whether each path runs and agrees on those versions.
FAST_DIVISOR = 2
STACK_DIVISOR = 4


@pytest.hookimpl(tryfirst=True)  # before -m selects by the marks
def pytest_collection_modifyitems(config, items):
    """A comparison within Monte Carlo error (a live R bootstrap beside ours, thousands
    of replicates each) is a long study: `make test-deep` runs it, `make test` does not.
    Under the deep profile (``--hypothesis-profile=deep``, `make test-deep`) every
    property test is deep too, with DEEP_FACTOR times the examples it asks for;
    otherwise it has 1/FAST_DIVISOR of them, and on CI's older stacks
    (WEIGHTEDROC_CI_STACK) 1/STACK_DIVISOR."""
    deep = config.getoption("hypothesis_profile", None) == "deep"
    stack = os.environ.get("WEIGHTEDROC_CI_STACK")
    for item in items:
        if "monte_carlo" in item.name:
            item.add_marker(pytest.mark.deep)
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            if deep:
                item.add_marker(pytest.mark.deep)
                _scale_examples(item.obj, lambda n: n * DEEP_FACTOR)
            else:
                divisor = STACK_DIVISOR if stack else FAST_DIVISOR
                _scale_examples(item.obj, lambda n, d=divisor: max(10, n // d))


def _scale_examples(test, scale):
    """Give property test `test` scale(n) examples where it asks for n."""
    from hypothesis import settings

    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if own is None:  # hypothesis keeps a @given test's settings here
        raise pytest.UsageError(f"cannot read the hypothesis settings of {test.__qualname__}")
    if not getattr(test, "_weightedroc_scaled", False):
        test._hypothesis_internal_use_settings = settings(own, max_examples=scale(own.max_examples))
        test._weightedroc_scaled = True


def pytest_report_header(config):
    seed = config.getoption("hypothesis_seed", None)
    if seed is not None:
        return f"hypothesis seed: {seed} (rerun with pytest --hypothesis-seed={seed})"
    return None
