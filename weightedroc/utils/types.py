"""Type aliases of the public signatures (no runtime behaviour)."""

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Literal

import pandas as pd
from numpy.typing import ArrayLike

__all__ = ["ArrayLike", "Columns", "Curves", "Direction", "LabelValue", "RocInput"]

Direction = Literal["<", ">"]
# The label value that is the event: a number, string, boolean or category.
LabelValue = Any
# Column names of a frame: one, or several (by=, group=).
Columns = Hashable | Sequence[Hashable]
# What plots draw: one curve (a frame, or a tuple (guess, label[, weight])),
# a tidy frame of curves, or {name: curve}.
Curves = pd.DataFrame | tuple | Mapping[Hashable, pd.DataFrame]
# A curve, as every function that reads one takes it: the frame WeightedROC
# returns, or its inputs (guess, label) or (guess, label, weight).
RocInput = pd.DataFrame | tuple
