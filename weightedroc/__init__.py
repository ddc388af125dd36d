"""weightedroc: exact weighted ROC curves and AUC, a port of R's WeightedROC.

``WeightedROC`` and ``WeightedAUC`` return R's numbers bit for bit; the
snake_case names are the same functions.  Everything else reads the same
sorted, cumulated pass (``weightedroc.engine.core.cumulate``).
"""

import importlib

from ._version import __version__ as __version__  # (bumped in _version.py)
from .curves.auc import WeightedAUC, auc_score, weighted_auc
from .curves.roc import WeightedROC, weighted_roc

# Public names that live in modules imported on first use.
_LAZY = {
    "partial_auc": "curves.areas",
    "cost_auc": "curves.areas",
    "smooth_roc": "curves.smooth",
    "smooth_auc": "curves.smooth",
    "cost_region": "curves.areas",
    "threshold_cost": "decisions",
    "best_threshold": "decisions",
    "roc_convex_hull": "decisions",
    "min_risk": "decisions",
    "isocost_line": "decisions",
    "weighted_pr": "curves.pr",
    "average_precision": "curves.pr",
    "pr_ci": "inference.pr_interval",
    "pr_test": "inference.pr_comparison",
    "pr_bounds": "curves.pr_extremes",
    "soft_label_rows": "curves.pr_soft",
    "multiclass_auc": "curves.multiclass",
    "multiclass_roc": "curves.multiclass",
    "multiclass_auc_var": "inference.multiclass",
    "multiclass_auc_ci": "inference.multiclass",
    "auc_ci": "inference.interval",
    "auc_var": "inference.variance",
    "auc_cov": "inference.variance",
    "power_roc_test": "inference.power",
    "roc_test": "inference.comparison",
    "are_paired": "inference.pairing",
    "ci_se": "inference.coords_ci",
    "ci_sp": "inference.coords_ci",
    "ci_thresholds": "inference.coords_ci",
    "ci_coords": "inference.coords_ci",
    "roc_table": "tidy",
    "auc_table": "tidy",
    "group_auc": "inference.grouped_auc",
    "load_rocr_simple": "datasets",
    "load_asah": "datasets",
    "measures": "metrics.threshold_measures",
    "coords": "metrics.coordinates",
    "cost_curve": "decisions.cost_curves",
    "prbe": "curves.pr",
    "gain_curve": "curves.gain",
    "lift_curve": "curves.gain",
    "det_curve": "curves.detection",
    "equal_error_rate": "curves.detection",
    "pr_auc": "curves.pr",
    "normal_deviate": "curves.detection",
    "compare_tables": "io.compare",
    "fold_predictions": "sklearn",
    "show_versions": "utils.versions",
    "LabelWarning": "engine.validation",
    "time_roc": "survival.curves",
    "time_auc": "survival.inference",
    "time_auc_test": "survival.inference",
    "time_auc_mean": "survival.inference",
    "concordance": "survival.concordance_fit",
    "concordance_test": "survival.concordance_compare",
    "RocAccumulator": "streaming.accumulator",
    "SurveyDesign": "survey.design",
    "ReplicateWeights": "survey.weights",
}

# Subpackages and modules, imported on first attribute access
# (``weightedroc.plots.roc_plot`` after a bare ``import weightedroc``).
_SUBMODULES = (
    "backend",
    "curves",
    "dask",
    "datasets",
    "decisions",
    "engine",
    "inference",
    "io",
    "metrics",
    "plots",
    "rbridge",
    "sklearn",
    "survival",
    "spark",
    "streaming",
    "survey",
    "tidy",
)

__all__ = ["WeightedROC", "WeightedAUC", "weighted_roc", "weighted_auc", "auc_score", *_LAZY]


# Names users of other packages reach for, and what to call here instead.
_INSTEAD = {
    "roc": "WeightedROC(guess, label, weight) (pROC's roc() takes the label first)",
    "auc": "auc_score(guess, label, weight) or WeightedAUC(curve)",
    "roc_curve": "WeightedROC(guess, label, weight)",
    "performance": "measures(roc, names) (ROCR's measure names), or coords(roc, ...)",
    "roc_auc_score": "auc_score(guess, label, weight)",
}


def __getattr__(name):
    if name in _LAZY:
        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value  # resolved once: later lookups skip this hook
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _INSTEAD:
        raise AttributeError(f"weightedroc has no {name}(): call weightedroc.{_INSTEAD[name]}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__) | set(_SUBMODULES))
