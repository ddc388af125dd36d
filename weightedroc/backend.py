"""The engine's small public backend: what a front end builds on.

A front end (tidy tables by group, Dask, Spark, the command line) reads its
container and hands arrays to the engine; it imports from here and from the
public API (``weightedroc``), never from ``weightedroc.engine`` or the
inference internals (an import-linter contract in ``pyproject.toml``, see
``docs/architecture.md``).  Four kinds of building blocks:

cumulate
    `cumulate` (the one sorted, cumulated pass every curve reads, R's bits),
    its `Cumulated` counts, and R's rate and trapezoid arithmetic on them
    (`rates`, `curve_columns`, `curve_frame`, `trapezoids`, `trapezoid_area`,
    `running_sum` for sums that continue across partitions).
grouped sums
    Many groups in one pass: `grouped`, `packed`, `sorted_aucs`,
    `sorted_curves`, `counting_sort`, `group_sums`, and the group AUC
    statistics that partitions combine (`group_statistics`, `combined`).
the tally
    `tally`: per tie group positive and negative weights from one stable
    sort, DeLong's mid-rank placements (`mid_rank_sums`) and replicate areas
    (`replicate_areas`).
the accumulator
    `RocAccumulator`, the mergeable ROC state that streams and Spark use.

The input checks (`check_guess`, `check_label`, `check_weight`,
`check_direction`, ...) are R's words, as every public function gives them.

Examples
--------
>>> import numpy as np
>>> from weightedroc import backend, auc_score
>>> guess, label = np.array([0.1, 0.4, 0.35, 0.8]), np.array([0, 0, 1, 1])
>>> counts = backend.cumulate(guess, label)
>>> backend.trapezoid_area(*backend.rates(counts)) == auc_score(guess, label)
True
>>> t = backend.tally(guess, label == 1)
>>> backend.replicate_areas(t.P[None], t.N[None]).tolist()
[0.75]
>>> state = backend.RocAccumulator().update(guess, label)
>>> state.auc() == auc_score(guess, label)
True
"""

from .engine.core import OVERFLOW, Cumulated, cumulate
from .engine.frames import Frame, is_frame
from .engine.grouped import (
    all_at_once,
    each_group,
    first_rows,
    grouped,
    in_key_order,
    only_one_label,
    packed,
    sorted_aucs,
    sorted_curves,
    sorted_rows,
)
from .engine.longdouble import running_sum
from .engine.many import counting_sort
from .engine.rates import COLUMNS, curve_columns, curve_frame, rates, trapezoid_area, trapezoids
from .engine.tally import Tally, group_sums, mid_rank_sums, replicate_areas, tally
from .engine.threads import prefault, run_both
from .engine.validation import (
    LabelWarning,
    check_direction,
    check_guess,
    check_label,
    check_weight,
    no_label_warning,
    to_array,
)
from .streaming.accumulator import RocAccumulator

# Group AUC statistics and intervals, imported on first use (a front end
# that never asks for them does not load the inference layer).
_LATER = {
    "grouped_auc": (
        "GROUP_WEIGHTS",
        "INTERVALS",
        "check_columns",
        "check_options",
        "combined",
        "group_statistics",
        "group_weights",
        "no_group_used",
    ),
    "checks": ("check_frequency",),
    "interval": ("group_intervals",),
}

__all__ = [
    "COLUMNS",
    "Cumulated",
    "Frame",
    "LabelWarning",
    "OVERFLOW",
    "RocAccumulator",
    "Tally",
    "all_at_once",
    "check_direction",
    "check_guess",
    "check_label",
    "check_weight",
    "counting_sort",
    "cumulate",
    "curve_columns",
    "curve_frame",
    "each_group",
    "first_rows",
    "group_sums",
    "grouped",
    "in_key_order",
    "is_frame",
    "mid_rank_sums",
    "no_label_warning",
    "only_one_label",
    "packed",
    "prefault",
    "rates",
    "replicate_areas",
    "run_both",
    "running_sum",
    "sorted_aucs",
    "sorted_curves",
    "sorted_rows",
    "tally",
    "to_array",
    "trapezoid_area",
    "trapezoids",
    *(name for names in _LATER.values() for name in names),
]


def __getattr__(name):
    if name in _LATER["grouped_auc"]:
        from .inference import grouped_auc as module
    elif name in _LATER["checks"]:
        from .inference import checks as module
    elif name in _LATER["interval"]:
        from .inference import interval as module
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(module, name)
