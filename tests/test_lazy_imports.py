"""Subpackages reachable from a bare ``import weightedroc``, imported on first use.

Each check runs in a fresh interpreter, where ``sys.modules`` shows what an
import really loaded.
"""

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import weightedroc

ROOT = Path(__file__).parents[1]
# Every module and subpackage of the package but the example script, found on disk
# (not copied from weightedroc/__init__.py, so a new one must be made reachable).
SUBPACKAGES = tuple(
    sorted(
        info.name
        for info in pkgutil.iter_modules(weightedroc.__path__)
        if not info.name.startswith("_") and info.name != "example"
    )
)
OPTIONAL = ("plotnine", "dask", "distributed", "sklearn", "scipy", "polars", "pyarrow", "rpy2")


# One interpreter imports numpy and pandas once, then runs each check in a
# forked child of itself: each child starts from the same fresh state (what
# `before` records), for a fork's milliseconds instead of an interpreter's second.
FORKING = """
import json, os, sys, numpy, pandas
results = []
for code in json.loads(sys.stdin.read()):
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read)
        os.dup2(write, 1)
        before = set(sys.modules)
        try:
            exec(code, {"json": json, "sys": sys, "before": before})
            sys.stdout.flush()
        except BaseException as error:
            sys.stderr.write(f"{type(error).__name__}: {error}")
            os._exit(1)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as printed:
        text = printed.read()
    status = os.waitpid(child, 0)[1]
    results.append([status, text])
print(json.dumps(results))
"""


def fresh_all(codes):
    """What each of `codes` prints as JSON, each run in a fresh state after
    ``import numpy, pandas`` (pandas may import pyarrow itself: only modules
    that appear after it count as weightedroc's doing)."""
    result = subprocess.run(
        [sys.executable, "-c", FORKING],
        input=json.dumps(list(codes)),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    outcomes = json.loads(result.stdout)
    assert [status for status, _ in outcomes] == [0] * len(outcomes), result.stderr
    return [json.loads(text) for _, text in outcomes]


LOADED = (
    "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
    f"print(json.dumps(sorted(new & set({OPTIONAL!r}))))"
)


BARE = "import weightedroc; " + LOADED
PLOT_HELPERS = (
    "import weightedroc; f = weightedroc.plots.roc_plot; f = weightedroc.plots.cost_plot; " + LOADED
)
DOTTED = [
    "plots.roc_plot",
    "plots.se_band_plot",
    "plots.measure_plot",
    "inference.resampling.bootstrap_test",
    "inference.resampling.venkatraman_test",
    "inference.variance.auc_var",
    "curves.areas.partial_auc",
    "curves.pr.weighted_pr",
    "metrics.threshold_measures.measures",
    "metrics.coordinates.coords",
    "decisions.min_risk",
    "io.compare.compare_tables",
    "io.cli.main",
    "engine.core.cumulate",
    "utils.deprecation.renamed",
    "tidy.roc_table",
    "datasets.load_asah",
    "sklearn.scorer",
    "sklearn.fold_predictions",
    "rbridge.r_available",
    "dask.weighted_auc",
]


def reach(dotted):
    return (
        "import weightedroc; obj = weightedroc\n"
        f"for part in {dotted.split('.')!r}: obj = getattr(obj, part)\n"
        "print(json.dumps([obj.__module__, obj.__name__]))"
    )


@pytest.fixture(scope="module")
def printed():
    """Every check's printout, from one interpreter's forked children."""
    codes = {"bare": BARE, "plot_helpers": PLOT_HELPERS} | {d: reach(d) for d in DOTTED}
    return dict(zip(codes, fresh_all(codes.values())))


def test_bare_import_loads_no_optional_dependency(printed):
    assert printed["bare"] == []


def test_reaching_the_plot_helpers_does_not_import_plotnine(printed):
    assert printed["plot_helpers"] == []


def test_each_check_starts_from_a_fresh_state():
    """The forked children do not see each other's imports: the second
    import of weightedroc is new again."""
    code = "import weightedroc; print(json.dumps('weightedroc' in set(sys.modules) - before))"
    assert fresh_all([code, code]) == [True, True]


@pytest.mark.parametrize("dotted", DOTTED)
def test_dotted_names_reachable_after_bare_import(printed, dotted):
    module, name = printed[dotted]
    assert name == dotted.rsplit(".", 1)[1]
    assert module.startswith("weightedroc.")


def test_subpackage_is_the_imported_module():
    import importlib

    for name in SUBPACKAGES:
        assert getattr(weightedroc, name) is importlib.import_module(f"weightedroc.{name}")


def test_dir_lists_the_subpackages():
    assert set(SUBPACKAGES) <= set(dir(weightedroc))
    assert {"resampling", "venkatraman", "delong"} <= set(dir(weightedroc.inference))
    assert {"areas", "pr", "gain", "detection"} <= set(dir(weightedroc.curves))


def test_unknown_names_still_raise_attribute_error():
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        weightedroc.nope  # noqa: B018
    with pytest.raises(AttributeError, match="'weightedroc.inference' has no attribute 'nope'"):
        weightedroc.inference.nope  # noqa: B018
    with pytest.raises(AttributeError, match="call weightedroc.WeightedROC"):
        weightedroc.roc  # noqa: B018
