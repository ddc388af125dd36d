"""help() opens every public callable with a signature of at most 300
characters (issue 39): the names and defaults of its parameters
(`weightedroc.utils.signatures.in_help`), its type hints left to the code."""

import importlib
import inspect
import pydoc

import pytest

import weightedroc as wr

FRONT_ENDS = (
    "weightedroc.backend",
    "weightedroc.dask",
    "weightedroc.datasets",
    "weightedroc.plots",
    "weightedroc.rbridge",
    "weightedroc.sklearn",
    "weightedroc.spark",
    "weightedroc.streaming",
    "weightedroc.survey",
    "weightedroc.survival",
    "weightedroc.tidy",
)


def _public():
    """(name, callable) of weightedroc's names and the front ends' public functions,
    and each public class's public methods."""
    found = {f"weightedroc.{n}": getattr(wr, n) for n in wr.__all__}
    for module_name in FRONT_ENDS:
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # an extra that is not installed
            continue
        for name in getattr(module, "__all__", [n for n in dir(module) if not n.startswith("_")]):
            obj = getattr(module, name, None)
            if callable(obj) and getattr(obj, "__module__", "").startswith("weightedroc"):
                found.setdefault(f"{module_name}.{name}", obj)
    for name, obj in list(found.items()):
        if inspect.isclass(obj):
            for method, member in vars(obj).items():
                if not method.startswith("_") and inspect.isfunction(member):
                    found[f"{name}.{method}"] = getattr(obj, method)
    return sorted(
        (name, obj)
        for name, obj in found.items()
        if callable(obj) and not (inspect.isclass(obj) and issubclass(obj, Warning))
    )


PUBLIC = _public()


def test_the_public_callables_are_found():
    names = {name for name, _ in PUBLIC}
    assert {
        "weightedroc.roc_test",
        "weightedroc.RocAccumulator.update",
        "weightedroc.plots.roc_plot",
        "weightedroc.tidy.auc_table",
    } <= names
    assert len(PUBLIC) > 100


@pytest.mark.parametrize("name, obj", PUBLIC, ids=[name for name, _ in PUBLIC])
def test_help_opens_with_a_signature_of_at_most_300_characters(name, obj):
    text = pydoc.render_doc(obj, renderer=pydoc.plaintext)
    signature = str(inspect.signature(obj))
    assert signature in text, f"{name}: help() does not show {signature!r}"
    assert len(signature) <= 300, f"{name}: {len(signature)}: {signature}"
    assert "'ArrayLike" not in signature and "_SupportsArray" not in signature


def test_a_deprecated_keyword_works_but_is_not_shown():
    assert "partial_auc" not in str(inspect.signature(wr.auc_ci))
    guess, label = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2], [0, 0, 1, 1, 1, 0]
    options = dict(method="bootstrap", n_boot=50, seed=1)
    with pytest.warns(FutureWarning, match="partial_auc"):
        old = wr.auc_ci(guess, label, partial_auc={"fpr_range": (0, 0.5)}, **options)
    new = wr.auc_ci(guess, label, fpr_range=(0, 0.5), **options)
    read = [(x.estimate, x.conf_low, x.conf_high) for x in (old, new)]
    assert read[0] == read[1]


def test_help_shows_names_and_defaults_and_the_code_keeps_its_hints():
    assert str(inspect.signature(wr.WeightedROC)) == (
        "(guess, label, weight=None, *, positive=None, direction='<')"
    )
    assert inspect.get_annotations(wr.WeightedROC)["weight"] == "ArrayLike | None"
