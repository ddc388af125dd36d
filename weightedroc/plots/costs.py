"""Plots of costs, risk and precision-recall (cost-sensitive evaluation)."""

__all__ = []
