"""No public signature forwards **kwargs (issue 30): every option is named, so
a misspelt option is a TypeError naming the public function called."""

import importlib
import inspect
import pkgutil
import warnings

import numpy as np
import pytest

import weightedroc as wr

# A decorator factory: its keywords are the renames, old=new.
BY_DESIGN = {"weightedroc.utils.deprecation.renamed"}


def public_callables():
    """(qualified name, object): weightedroc.__all__, and the public names
    defined in each public submodule (its __all__, else its names without _)."""
    found = {f"weightedroc.{name}": getattr(wr, name) for name in wr.__all__}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # deprecated module attributes
        for module in pkgutil.walk_packages(wr.__path__, "weightedroc."):
            if any(part.startswith("_") for part in module.name.split(".")):
                continue
            try:
                mod = importlib.import_module(module.name)
            except ImportError:  # an optional dependency (dask, plotnine...)
                continue
            listed = getattr(mod, "__all__", None)
            for name in listed or [n for n in vars(mod) if n[0] != "_"]:
                obj = getattr(mod, name, None)
                defined = getattr(obj, "__module__", None) or ""
                own = defined.startswith("weightedroc") if listed else defined == module.name
                if callable(obj) and own:
                    found[f"{module.name}.{name}"] = obj
    return sorted(found.items())


def cases():
    for name, obj in public_callables():
        if name in BY_DESIGN:
            continue
        yield pytest.param(name, obj, id=name)


@pytest.mark.parametrize("name, obj", list(cases()))
def test_no_public_signature_forwards_keywords(name, obj):
    try:
        parameters = inspect.signature(obj).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature
        return
    assert not [p.name for p in parameters if p.kind is p.VAR_KEYWORD]


def test_the_enumeration_reaches_the_public_functions():
    names = {name for name, _ in public_callables()}
    assert {
        "weightedroc.auc_ci",
        "weightedroc.roc_test",
        "weightedroc.inference.resampling.bootstrap_test",
        "weightedroc.inference.venkatraman.venkatraman_test",
        "weightedroc.inference.bootstrap.bootstrap_interval",
        "weightedroc.inference.variance.auc_var",
        "weightedroc.plots.metric_plots.measure_plot",
        "weightedroc.rbridge.proc_auc",
        "weightedroc.sklearn.scorer",
    } <= names


GUESS = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6]
GUESS2 = [0.3, 0.2, 0.5, 0.6, 0.4, 0.1, 0.7, 0.8]
LABEL = [0, 0, 1, 1, 0, 0, 1, 1]


@pytest.mark.parametrize(
    "name, call",
    [
        ("auc_ci", lambda: wr.auc_ci(GUESS, LABEL, n_bot=10)),
        ("auc_ci", lambda: wr.auc_ci(GUESS, LABEL, method="bootstrap", fpr_rang=(0, 0.2))),
        ("auc_var", lambda: wr.auc_var(GUESS, LABEL, stratify=False)),
        ("auc_cov", lambda: wr.auc_cov(GUESS, GUESS2, LABEL, partial=None)),
        ("roc_test", lambda: wr.roc_test(GUESS, GUESS2, LABEL, method="bootstrap", nboot=9)),
        (
            "bootstrap_test",
            lambda: wr.inference.resampling.bootstrap_test(GUESS, GUESS2, LABEL, sed=1),
        ),
        (
            "venkatraman_test",
            lambda: wr.inference.venkatraman.venkatraman_test(GUESS, GUESS2, LABEL, conf_level=0.9),
        ),
        (
            "bootstrap_interval",
            lambda: wr.inference.bootstrap.bootstrap_interval(GUESS, LABEL, level2=0.9),
        ),
        ("power_roc_test", lambda: wr.power_roc_test(ncases=10, ncontrols=10, auc=0.7, sig=0.05)),
        (
            "multiclass_auc_ci",
            lambda: wr.multiclass_auc_ci(
                np.eye(3)[[0, 1, 2, 0, 1, 2]], [0, 1, 2, 0, 1, 2], nboot=3
            ),
        ),
        ("ci_se", lambda: wr.ci_se(GUESS, LABEL, specificity=[0.5])),
        ("scorer", lambda: __import__("weightedroc.sklearn").sklearn.scorer("cost", cost_p=1)),
        ("proc_auc", lambda: wr.rbridge.proc_auc(GUESS, LABEL, level=[0, 1])),
        ("proc_curve", lambda: wr.rbridge.proc_curve(GUESS, LABEL, directions="<")),
        (
            "measure_plot",
            lambda: (
                pytest.importorskip("plotnine"),
                wr.plots.measure_plot((GUESS, LABEL), "f_meas", betta=2),
            ),
        ),
    ],
)
def test_a_misspelt_option_is_a_type_error_naming_the_function(name, call):
    with pytest.raises(TypeError, match=rf"^{name}\(\) got an unexpected keyword argument"):
        call()
