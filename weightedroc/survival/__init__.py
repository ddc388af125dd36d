"""Time-dependent ROC curves and AUC of censored survival data (timeROC).

`time_roc` (curves), `time_auc` and `time_auc_test` (inference) sit at the
inference layer: the curves are WeightedROC's of each time's cases and
controls with their inverse-probability-of-censoring weights.
"""
