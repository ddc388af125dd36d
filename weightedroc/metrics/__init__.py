"""Threshold measures (pROC's coords, ROCR's performance, yardstick, scikit-learn).

Every measure is arithmetic on the weighted counts of the one cumulated pass
(`weightedroc.engine.core.cumulate`), read through `weightedroc.engine.counts`.
"""

from ..utils.lazy import submodules as _submodules

__getattr__, __dir__ = _submodules(__name__, __path__)
