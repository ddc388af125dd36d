"""Decisions from the weighted ROC curve: the threshold to deploy, its cost,
the convex hull and the Bayes risk against the better trivial rule."""

from .thresholds import (
    MinRisk,
    best_threshold,
    check_costs,
    isocost_line,
    min_risk,
    roc_convex_hull,
    threshold_cost,
)

__all__ = [
    "MinRisk",
    "best_threshold",
    "check_costs",
    "isocost_line",
    "min_risk",
    "roc_convex_hull",
    "threshold_cost",
]
