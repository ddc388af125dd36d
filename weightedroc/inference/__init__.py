"""Inference on weighted AUCs: intervals and tests."""

from ..utils.lazy import submodules as _submodules

__getattr__, __dir__ = _submodules(__name__, __path__)
