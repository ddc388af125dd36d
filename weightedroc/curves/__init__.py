"""Curves and areas: the ROC frame, its AUC, partial and cost-based areas,
precision-recall.  Each reads the one cumulated pass (`weightedroc.engine.core`)."""
