"""Inference on weighted AUCs: intervals and tests."""
