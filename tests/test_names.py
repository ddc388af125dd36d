"""Public names: none is a module, and pROC/scikit-learn habits say what to call."""

import importlib
import pkgutil

import pytest

import weightedroc as wr


def _submodule_names():
    names = set()
    for info in pkgutil.walk_packages(wr.__path__, "weightedroc."):
        names.update(info.name.split(".")[1:])
    return names


def test_no_public_name_is_a_module_name():
    clash = set(wr.__all__) & _submodule_names()
    assert clash == set()
    assert "roc" in _submodule_names()  # the walk does see the modules


@pytest.mark.parametrize(
    "name, instead",
    [
        ("roc", "WeightedROC(guess, label, weight)"),
        ("auc", "auc_score(guess, label, weight)"),
        ("roc_auc_score", "auc_score"),
    ],
)
def test_habits_say_what_to_call(name, instead):
    with pytest.raises(AttributeError, match=rf"no {name}\(\): call weightedroc\.") as error:
        getattr(wr, name)
    assert instead in str(error.value)


def test_every_public_name_resolves():
    for name in wr.__all__:
        assert callable(getattr(wr, name)), name
    with pytest.raises(AttributeError, match="has no attribute 'nonesuch'"):
        wr.nonesuch  # noqa: B018


def test_command_entry_point_imports():
    assert callable(importlib.import_module("weightedroc.io.cli").main)
