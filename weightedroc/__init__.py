"""weightedroc: exact weighted ROC curves and AUC, a port of R's WeightedROC.

``WeightedROC`` and ``WeightedAUC`` return R's numbers bit for bit; the
snake_case names are the same functions.  Everything else reads the same
sorted, cumulated pass (``weightedroc.core.cumulate``).
"""

import importlib

from .auc import WeightedAUC, auc_score, weighted_auc
from .roc import WeightedROC, weighted_roc

__version__ = "0.1.0"

# Public names that live in modules imported on first use.
_LAZY = {
    "partial_auc": "areas", "cost_auc": "areas", "cost_region": "areas",
    "threshold_cost": "decisions", "best_threshold": "decisions",
    "roc_convex_hull": "decisions", "min_risk": "decisions",
    "isocost_line": "decisions",
    "weighted_pr": "pr", "average_precision": "pr",
    "auc_ci": "uncertainty",
    "roc_table": "tidy", "auc_table": "tidy",
    "load_rocr_simple": "datasets", "load_asah": "datasets",
}

__all__ = ["WeightedROC", "WeightedAUC", "weighted_roc", "weighted_auc",
           "auc_score", *_LAZY]


def __getattr__(name):
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
