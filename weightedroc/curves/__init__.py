"""Curves and areas: the ROC frame, its AUC, partial and cost-based areas,
precision-recall, gain and lift, DET, smoothing and multiclass.  Each
reads the one cumulated pass (`weightedroc.engine.core`)."""

from ..utils.lazy import submodules as _submodules

__getattr__, __dir__ = _submodules(__name__, __path__)
