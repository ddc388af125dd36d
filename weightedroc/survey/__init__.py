"""Survey designs: design-based variances of the weighted AUC.

A layer between ``metrics``/``decisions`` and ``inference``: it imports
``utils``, ``engine`` and ``curves``, never ``inference``, whose
``design_based`` module reads it.  ``design`` holds `SurveyDesign` and
`ReplicateWeights` (R's ``survey::svydesign`` and ``svrepdesign``),
``replicates`` builds replicate weights as ``survey::as.svrepdesign``,
``variance`` holds ``svyrecvar`` and ``svrVar``, and ``auc`` the AUC's
influence values and replicate AUCs.
"""
