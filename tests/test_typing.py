"""Every public function is fully annotated, and the package ships py.typed."""

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import weightedroc


def _public_functions():
    """(qualified name, function) of weightedroc.__all__ and every plots module's __all__."""
    found = [(f"weightedroc.{name}", getattr(weightedroc, name)) for name in weightedroc.__all__]
    plots = importlib.import_module("weightedroc.plots")
    for info in pkgutil.iter_modules(plots.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"weightedroc.plots.{info.name}")
        found += [
            (f"weightedroc.plots.{name}", getattr(module, name))
            for name in getattr(module, "__all__", [])
        ]
    return [(name, obj) for name, obj in found if inspect.isfunction(obj)]


PUBLIC = _public_functions()


def test_public_functions_are_found():
    names = {name for name, _ in PUBLIC}
    assert {
        "weightedroc.WeightedROC",
        "weightedroc.auc_ci",
        "weightedroc.plots.roc_plot",
        "weightedroc.plots.pr_plot",
    } <= names


@pytest.mark.parametrize("name, function", PUBLIC, ids=[name for name, _ in PUBLIC])
def test_public_function_annotates_every_parameter_and_its_return(name, function):
    """The code's type hints (help() shows names and defaults only: utils.signatures)."""
    code = inspect.unwrap(function)
    hints = inspect.get_annotations(code)
    parameters = inspect.signature(code, follow_wrapped=False).parameters
    missing = [p for p in parameters if p not in hints]
    assert not missing, f"{name}: parameters without a type hint: {missing}"
    assert "return" in hints, f"{name}: no return type hint"


def test_package_ships_the_py_typed_marker():
    assert (Path(weightedroc.__file__).parent / "py.typed").is_file()
