"""Every warning of every public function names the caller's line.

Each row of `CASES` triggers one warning from a lambda written in this
file: the warning's filename must be this file (``weightedroc.utils.warn``
skips the package's frames, however deep the warning is raised).  A module
that calls ``warn`` must have a row (`test_every_module_that_warns_has_a_row`),
so a new warning cannot be added without one.

Inference's warnings are added as rows below the marked line, with their
modules removed from `AWAITING_ROWS`.
"""

import ast
import pathlib
import warnings
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr


class Case(NamedTuple):
    id: str
    module: str  # the module (under weightedroc/) that raises the warning
    trigger: Any  # a callable, called with no argument
    category: type
    match: str


GUESS = np.array([0.1, 0.4, 0.4, 0.35, 0.8, 0.8, 0.9, -0.2, 0.5, 0.3])
LABEL = np.array([0, 0, 1, 1, 0, 1, 1, 0, 1, 0])
TEXT = np.where(LABEL == 1, "case", "control")
WORSE = -GUESS  # a curve below the diagonal


def _roc():
    return wr.WeightedROC(GUESS, LABEL)


def _smoothing_data():
    rng = np.random.default_rng(21)
    y = (rng.random(60) < 0.45).astype(int)
    return np.round(rng.normal(size=60) + 0.9 * y, 1), y


def _groups(one_label_in_b=False):
    """Two models; model b's two rows are both positive when asked."""
    frame = pd.DataFrame({"g": GUESS, "y": LABEL, "model": ["a"] * 8 + ["b"] * 2})
    if one_label_in_b:
        frame.loc[8:, "y"] = 1
    return frame


def _dask_frame():
    dd = pytest.importorskip("dask.dataframe")
    return dd.from_pandas(pd.DataFrame({"g": GUESS, "y": LABEL}), npartitions=2)


CLUSTER = [1, 1, 2, 2, 3, 3, 3, 4, 4, 4]
STRATA = [1, 1, 1, 1, 2, 2, 2, 2, 2, 2]


def _design(fpc=(10,) * 4 + (20,) * 6):
    return wr.SurveyDesign(cluster=CLUSTER, strata=STRATA, fpc=list(fpc))


def _plotnine():
    return pytest.importorskip("plotnine")


CASES = [
    # engine
    Case(
        "WeightedROC text labels",
        "engine/validation.py",
        lambda: wr.WeightedROC(GUESS, TEXT),
        wr.LabelWarning,
        "'control' is taken as positive",
    ),
    Case(
        "partial_auc of a tuple with text labels",
        "engine/validation.py",
        lambda: wr.partial_auc((GUESS, TEXT)),
        wr.LabelWarning,
        "'control' is taken as positive",
    ),
    # curves
    Case(
        "WeightedAUC incomplete curve",
        "curves/auc.py",
        lambda: wr.WeightedAUC(_roc().iloc[1:]),
        UserWarning,
        "incomplete ROC curve",
    ),
    Case(
        "WeightedAUC(tpr_fpr=)",
        "utils/deprecation.py",
        lambda: wr.WeightedAUC(tpr_fpr=_roc()),
        FutureWarning,
        r"WeightedAUC\(tpr_fpr=\.\.\.\) is deprecated",
    ),
    Case(
        "partial_auc McClish below the diagonal",
        "curves/areas.py",
        lambda: wr.partial_auc((WORSE, LABEL), fpr_range=(0, 0.5), correct=True),
        UserWarning,
        "below that of the diagonal",
    ),
    Case(
        "smooth_auc McClish below the diagonal",
        "curves/areas.py",
        lambda: wr.smooth_auc(WORSE, LABEL, fpr_range=(0, 0.5), correct=True),
        UserWarning,
        "below that of the diagonal",
    ),
    Case(
        "smooth_roc bandwidth at the range end",
        "curves/density.py",
        lambda: wr.smooth_roc(*_smoothing_data(), method="density", bw="bcv"),
        UserWarning,
        "minimum occurred at one end of the range",
    ),
    Case(
        "multiclass_auc score column of no class",
        "curves/multiclass.py",
        lambda: wr.multiclass_auc(
            pd.DataFrame({"0": GUESS, "1": -GUESS, "9": GUESS}), LABEL.astype(str)
        ),
        UserWarning,
        "not found in label",
    ),
    Case(
        "multiclass_auc level without observations",
        "curves/multiclass.py",
        lambda: wr.multiclass_auc(np.column_stack([GUESS, -GUESS, GUESS]), LABEL, levels=[0, 1, 2]),
        UserWarning,
        "No observation for response level",
    ),
    # metrics and decisions
    Case(
        "measures' float form",
        "metrics/threshold_measures.py",
        lambda: wr.measures(_roc(), "tpr", at=0.5),
        FutureWarning,
        "one-row DataFrame in 2.0",
    ),
    Case(
        "coords(group=)",
        "utils/deprecation.py",
        lambda: wr.coords(wr.roc_table(_groups(), guess="g", label="y", by="model"), group="model"),
        FutureWarning,
        r"coords\(group=\.\.\.\) is deprecated",
    ),
    Case(
        "min_risk(p_target=)",
        "utils/deprecation.py",
        lambda: wr.min_risk(_roc(), p_target=0.3),
        FutureWarning,
        r"min_risk\(p_target=\.\.\.\) is deprecated",
    ),
    Case(
        "MinRisk.c_fa",
        "utils/deprecation.py",
        lambda: wr.min_risk(_roc()).c_fa,
        FutureWarning,
        r"MinRisk\.c_fa is deprecated",
    ),
    Case(
        "MinRisk unpacked",
        "utils/results.py",
        lambda: tuple(wr.min_risk(_roc())),
        FutureWarning,
        "unpacking or indexing a MinRisk is deprecated",
    ),
    Case(
        "CostCurve indexed",
        "utils/results.py",
        lambda: wr.cost_curve(_roc())[0],
        FutureWarning,
        "unpacking or indexing a CostCurve is deprecated",
    ),
    # front ends
    Case(
        "roc_table skips one-label groups",
        "tidy.py",
        lambda: wr.roc_table(_groups(True), guess="g", label="y", by="model", one_label="skip"),
        UserWarning,
        "roc_table skipped 1 of 2 groups",
    ),
    Case(
        "auc_table skips one-label groups",
        "tidy.py",
        lambda: wr.auc_table(_groups(True), guess="g", label="y", by="model", one_label="skip"),
        UserWarning,
        "auc_table skipped 1 of 2 groups",
    ),
    Case(
        "dask.weighted_roc deprecated",
        "dask.py",
        lambda: __import__("weightedroc.dask").dask.weighted_roc(_dask_frame(), "g", "y"),
        FutureWarning,
        r"weightedroc\.dask\.weighted_roc\(\) is deprecated",
    ),
    Case(
        "roc_plot(curve=)",
        "utils/deprecation.py",
        lambda: (_plotnine(), wr.plots.roc_plot(curve=_roc())),
        FutureWarning,
        r"roc_plot\(curve=\.\.\.\) is deprecated",
    ),
    Case(
        "coords in a range that holds no point",
        "metrics/coordinates.py",
        lambda: wr.coords(_roc(), x="best", fpr_range=(0.21, 0.22)),
        UserWarning,
        "No coordinates found",
    ),
    Case(
        "time_auc with case weights",
        "survival/inference.py",
        lambda: wr.time_auc(
            [1.0, 2, 3, 4, 5, 6],
            [1, 0, 1, 1, 0, 0],
            [0.9, 0.1, 0.8, 0.4, 0.3, 0.2],
            times=[3.5],
            weight=[1.0, 2, 1, 1, 2, 1],
        ),
        UserWarning,
        "standard errors are NaN",
    ),
    # survey
    Case(
        "SurveyDesign's fpc varies within a stratum",
        "survey/design.py",
        lambda: wr.auc_var(GUESS, LABEL, design=_design((10, 10, 11, 11) + (20,) * 6)),
        UserWarning,
        "`fpc' varies within strata: stratum 1 at stage 1",
    ),
    Case(
        "BRR replicates drop the fpc",
        "survey/replicates.py",
        lambda: wr.auc_var(GUESS, LABEL, design=_design(), replicates="BRR"),
        UserWarning,
        "Finite population correction dropped in conversion",
    ),
    Case(
        "a replicate without positives",
        "survey/variance.py",
        lambda: wr.auc_var(
            GUESS, LABEL, design=wr.ReplicateWeights(np.c_[1 - LABEL, np.ones(10)], scale=1)
        ),
        UserWarning,
        "1 replicates gave NA results and were discarded",
    ),
    # ---- inference rows below (issue 30, inference part) ----
]

#: Modules that warn and have no row yet: inference's, whose rows are added
#: with the inference part of issue 30 (each row added removes its module).
AWAITING_ROWS = {
    "inference/bootstrap.py",
    "inference/checks.py",
    "inference/coords_ci.py",
    "inference/interval.py",
    "inference/multiclass.py",
    "inference/pairing.py",
    "inference/replicates.py",
    "inference/comparison.py",
    "inference/delong.py",
    "inference/power.py",
    "inference/resampling.py",
    "inference/venkatraman.py",
    "inference/grouped_auc.py",
    "inference/obuchowski.py",
    "inference/htest.py",
    "inference/results.py",
}

PACKAGE = pathlib.Path(wr.__file__).parent


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_the_warning_names_the_callers_line(case):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        case.trigger()
    wanted = [w for w in caught if issubclass(w.category, case.category)]
    assert wanted, (
        f"{case.id}: no {case.category.__name__} (got {[str(w.message) for w in caught]})"
    )
    matching = [w for w in wanted if pytest.importorskip("re").search(case.match, str(w.message))]
    assert matching, (
        f"{case.id}: no warning matches {case.match!r}: {[str(w.message) for w in wanted]}"
    )
    for w in matching:
        assert w.filename == __file__, f"{case.id}: the warning names {w.filename}:{w.lineno}"


def _warning_modules():
    """The modules of the package that call ``warn(...)`` or
    ``warnings.warn(...)`` (the helper itself excepted; the CLI prints its
    warnings to stderr with its own ``_warn``)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name == "warn":
                    found.add(path.relative_to(PACKAGE).as_posix())
    return found - {"utils/warn.py"}


def test_every_module_that_warns_has_a_row():
    covered = {case.module for case in CASES}
    missing = _warning_modules() - covered - AWAITING_ROWS
    assert not missing, f"add a row to CASES for the warnings of {sorted(missing)}"
    assert not covered & AWAITING_ROWS, "a module with rows no longer awaits them"


def test_no_hand_counted_stacklevel_is_left():
    """Warnings go through ``weightedroc.utils.warn.warn``: no ``stacklevel=``
    and no frame walker outside it (inference's go with its rows)."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative == "utils/warn.py" or relative in AWAITING_ROWS:
            continue
        text = path.read_text(encoding="utf-8")
        if "stacklevel" in text or "_getframe" in text:
            offenders.append(relative)
    assert not offenders, offenders
