"""weightedroc: exact weighted ROC curves and AUC, a port of R's WeightedROC.

``WeightedROC`` and ``WeightedAUC`` return R's numbers bit for bit; the
snake_case names are the same functions.
"""

from .auc import WeightedAUC, auc_score, weighted_auc
from .roc import WeightedROC, weighted_roc

__version__ = "0.1.0"

__all__ = ["WeightedROC", "WeightedAUC", "weighted_roc", "weighted_auc", "auc_score"]
