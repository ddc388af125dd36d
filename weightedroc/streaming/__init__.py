"""Streaming and distributed ROC: a mergeable state (`RocAccumulator`),
exact within a budget of distinct scores, with a certified AUC bound
beyond it.  At the curves layer: it reads the engine's sortable keys and
the curves' frames."""

from .accumulator import RocAccumulator

__all__ = ["RocAccumulator"]
