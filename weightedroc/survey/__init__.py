"""Survey designs: design-based variances of the weighted AUC.

A layer between ``metrics``/``decisions`` and ``inference``: it imports
``utils``, ``engine`` and ``curves``, never ``inference``, whose
``design_based`` module reads it.  ``weights`` holds the data classes
`Coded` and `ReplicateWeights` (R's ``survey::svrepdesign``), ``design``
`SurveyDesign` (``survey::svydesign``), ``replicates`` builds replicate
weights as ``survey::as.svrepdesign``, ``variance`` holds ``svyrecvar``
and ``svrVar``, and ``auc`` the AUC's influence values and replicate AUCs.
"""
