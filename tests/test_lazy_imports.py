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


def fresh(code):
    """What `code` prints as JSON, run in a new interpreter after numpy and pandas.

    pandas may import pyarrow itself: only modules that appear after
    ``import pandas`` count as weightedroc's doing.
    """
    prelude = "import json, sys, numpy, pandas; before = set(sys.modules); "
    result = subprocess.run(
        [sys.executable, "-c", prelude + code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return json.loads(result.stdout)


LOADED = (
    "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
    f"print(json.dumps(sorted(new & set({OPTIONAL!r}))))"
)


def test_bare_import_loads_no_optional_dependency():
    assert fresh("import weightedroc; " + LOADED) == []


def test_reaching_the_plot_helpers_does_not_import_plotnine():
    code = (
        "import weightedroc; f = weightedroc.plots.roc_plot; "
        "f = weightedroc.plots.cost_plot; " + LOADED
    )
    assert fresh(code) == []


@pytest.mark.parametrize(
    "dotted",
    [
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
    ],
)
def test_dotted_names_reachable_after_bare_import(dotted):
    code = (
        "import weightedroc; obj = weightedroc\n"
        f"for part in {dotted.split('.')!r}: obj = getattr(obj, part)\n"
        "print(json.dumps([obj.__module__, obj.__name__]))"
    )
    module, name = fresh(code)
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
