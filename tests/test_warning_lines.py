"""Every warning of every public function names the caller's line.

Each row of `CASES` triggers one warning from a lambda written in this
file: the warning's filename must be this file (``weightedroc.utils.warn``
skips the package's frames, however deep the warning is raised).  A module
that calls ``warn`` must have a row (`test_every_module_that_warns_has_a_row`),
so a new warning cannot be added without one.  No module of the package
counts a ``stacklevel`` or walks frames itself
(`test_no_hand_counted_stacklevel_is_left`).
"""

import ast
import pathlib
import re
import sys
import warnings
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr
from weightedroc.inference import bootstrap, resampling, venkatraman


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


# Inference's data: 40 rows, and 8 rows (pROC's small examples).
RANKS = np.arange(40.0)
THIRDS = (np.arange(40) % 3 == 0).astype(int)
RANKS2 = np.round(np.cos(np.arange(40.0)) * 10 + RANKS, 1)
SKEWED = np.where(THIRDS == 1, 1.0, 3.0)
SKEWED[1] = 30.0  # one heavy control holds most of the negatives' influence
SMALL = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6]
SMALL2 = [0.3, 0.2, 0.5, 0.6, 0.4, 0.1, 0.7, 0.8]
SMALL_LABEL = [0, 0, 1, 1, 0, 0, 1, 1]
FEW_POSITIVES = [0, 0, 0, 1, 0, 0, 0, 1]  # unstratified replicates often lack a class
WORDS = ["no", "no", "yes", "yes", "no", "no", "yes", "yes"]
Y3 = np.arange(30) % 3
SCORES3 = np.eye(3)[Y3] + np.arange(30)[:, None] / 30

SKEW = "importance weights concentrated on a few rows .* DeLong.s variance treats the rows"
CLASSES = "DeLong's normal interval with .* below 30 in a class"
PAIRED = "The ROC curves seem to be paired"
NA = r"\d+ NA value\(s\) produced during bootstrap were ignored"
PARTIAL = r"\(partial_auc=dict\(\.\.\.\)\) is deprecated"


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
        "pr_auc without method",
        "curves/pr.py",
        lambda: wr.pr_auc((GUESS, LABEL)),
        FutureWarning,
        'default method becomes "interpolated"',
    ),
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
        "time_auc with a Cox model of censoring",
        "survival/inference.py",
        lambda: (
            pytest.importorskip("sksurv", reason="the Cox model needs scikit-survival")
            and wr.time_auc(
                [1.0, 2, 3, 4, 5, 6, 7, 8],
                [1, 0, 1, 1, 0, 1, 0, 0],
                [0.9, 0.1, 0.8, 0.4, 0.3, 0.7, 0.2, 0.5],
                times=[3.5],
                weighting="cox",
            )
        ),
        UserWarning,
        "standard errors are NaN",
    ),
    Case(
        "time_auc at times without cases or controls",
        "survival/inputs.py",
        lambda: wr.time_auc(
            [1.0, 2, 3, 4, 5, 6],
            [1, 0, 1, 1, 0, 0],
            [0.9, 0.1, 0.8, 0.4, 0.3, 0.2],
            times=[0.5, 3.5, 9],
        ),
        UserWarning,
        "the AUC is NaN at 2 time",
    ),
    Case(
        "concordance without a comparable pair",
        "survival/concordance_fit.py",
        lambda: wr.concordance([1.0, 2, 3], [0, 0, 0], [0.3, 0.2, 0.1]),
        UserWarning,
        "no comparable pair",
    ),
    Case(
        "concordance with a stratum without a comparable pair",
        "survival/concordance_fit.py",
        lambda: wr.concordance(
            [1.0, 2, 3, 1, 2], [1, 0, 1, 0, 0], [0.3, 0.2, 0.1, 0.5, 0.4], strata=[1, 1, 1, 2, 2]
        ),
        UserWarning,
        "1 of 2 strata have no comparable pair",
    ),
    Case(
        "concordance_test of scores that rank the rows alike",
        "survival/concordance_compare.py",
        lambda: wr.concordance_test([1.0, 2, 3, 4], [1, 1, 0, 1], [[4, 3, 2, 1], [8, 6, 4, 2]]),
        UserWarning,
        "singular covariance",
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
        "a rake that stops at maxit",
        "survey/design.py",
        lambda: wr.SurveyDesign(cluster=[1, 2, 3, 4], weight=[1.0, 2.0, 3.0, 4.0]).rake(
            [[0, 0, 1, 1], [0, 1, 0, 1]], [{0: 50, 1: 10}, {0: 20, 1: 40}], maxit=1, epsilon=1e-9
        ),
        UserWarning,
        "Raking did not converge after 1 iterations.",
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
    # inference: DeLong's interval and variance
    Case(
        "auc_ci small classes",
        "inference/checks.py",
        lambda: wr.auc_ci(SMALL, SMALL_LABEL),
        UserWarning,
        CLASSES,
    ),
    Case(
        "auc_ci skewed",
        "inference/checks.py",
        lambda: wr.auc_ci(RANKS, THIRDS, SKEWED),
        UserWarning,
        SKEW,
    ),
    Case(
        "auc_var skewed",
        "inference/checks.py",
        lambda: wr.auc_var(RANKS, THIRDS, SKEWED),
        UserWarning,
        SKEW,
    ),
    Case(
        "auc_cov skewed",
        "inference/checks.py",
        lambda: wr.auc_cov(RANKS, RANKS2, THIRDS, SKEWED),
        UserWarning,
        SKEW,
    ),
    Case(
        "roc_test paired skewed",
        "inference/checks.py",
        lambda: wr.roc_test(RANKS, RANKS2, THIRDS, SKEWED),
        UserWarning,
        SKEW,
    ),
    Case(
        "roc_test unpaired skewed",
        "inference/checks.py",
        lambda: wr.roc_test(RANKS, (RANKS2, THIRDS[::-1]), THIRDS, SKEWED),
        UserWarning,
        SKEW,
    ),
    Case(
        "multiclass skewed",
        "inference/multiclass.py",
        lambda: wr.multiclass_auc_var(SCORES3, Y3, np.where(np.arange(30) == 4, 200.0, 1.0)),
        UserWarning,
        "importance weights too concentrated for the jackknife variance",
    ),
    Case(
        "multiclass_auc_var score column of no class",
        "curves/multiclass.py",
        lambda: wr.multiclass_auc_var(pd.DataFrame(np.c_[SCORES3, Y3 / 30]), Y3),
        UserWarning,
        "classes were not found in label",
    ),
    Case(
        "multiclass_auc_var level without observations",
        "curves/multiclass.py",
        lambda: wr.multiclass_auc_var(
            pd.DataFrame(np.c_[SCORES3, Y3 / 30], columns=[0, 1, 2, 5]), Y3, levels=[0, 1, 2, 5]
        ),
        UserWarning,
        "No observation for response level",
    ),
    Case(
        "roc_test of K curves with a one-sided alternative",
        "inference/k_curves.py",
        lambda: wr.roc_test(
            np.c_[SCORES3[:, 0], SCORES3[:, 1], SCORES3[:, 2]],
            label=Y3 == 2,
            alternative="less",
        ),
        UserWarning,
        "the omnibus test is two-sided",
    ),
    Case(
        "roc_test of curves smoothed differently",
        "inference/smoothed.py",
        lambda: wr.roc_test(
            wr.smooth_roc(*_smoothing_data()),
            wr.smooth_roc(*_smoothing_data(), method="density"),
            method="bootstrap",
            n_boot=20,
            seed=1,
        ),
        UserWarning,
        "Different smoothing parameters in the ROC curves",
    ),
    Case(
        "roc_test of a smoothed curve and a raw one",
        "inference/smoothed.py",
        lambda: wr.roc_test(
            wr.smooth_roc(*_smoothing_data()),
            _smoothing_data()[0],
            _smoothing_data()[1],
            method="bootstrap",
            n_boot=20,
            seed=1,
        ),
        UserWarning,
        "Different smoothing parameters in the ROC curves",
    ),
    Case(
        "auc_cov of a raw curve and a smoothed one",
        "inference/smoothed.py",
        lambda: wr.auc_cov(
            _smoothing_data()[0],
            wr.smooth_roc(*_smoothing_data()),
            _smoothing_data()[1],
            method="bootstrap",
            n_boot=20,
            seed=1,
        ),
        UserWarning,
        "Different smoothing parameters in the ROC curves",
    ),
    Case(
        "auc_cov of curves smoothed differently",
        "inference/smoothed.py",
        lambda: wr.auc_cov(
            wr.smooth_roc(*_smoothing_data()),
            wr.smooth_roc(*_smoothing_data(), method="density"),
            method="bootstrap",
            n_boot=20,
            seed=1,
        ),
        UserWarning,
        "Different smoothing parameters in the ROC curves",
    ),
    Case(
        "auc_cov of smoothed curves with different partial areas",
        "inference/variance.py",
        lambda: wr.auc_cov(
            wr.smooth_roc(*_smoothing_data()),
            wr.smooth_roc(*_smoothing_data()),
            method="bootstrap",
            n_boot=20,
            seed=1,
            fpr_range=((0, 0.1), (0, 0.2)),
        ),
        UserWarning,
        "Different AUC specifications in the ROC curves",
    ),
    # inference: pROC's pairing warning, from each test
    Case(
        "roc_test paired=False",
        "inference/pairing.py",
        lambda: wr.roc_test(SMALL, SMALL2, SMALL_LABEL, paired=False),
        UserWarning,
        PAIRED,
    ),
    Case(
        "bootstrap_test paired=False",
        "inference/pairing.py",
        lambda: resampling.bootstrap_test(SMALL, SMALL2, SMALL_LABEL, paired=False, n_boot=20),
        UserWarning,
        PAIRED,
    ),
    Case(
        "venkatraman_test paired=False",
        "inference/pairing.py",
        lambda: venkatraman.venkatraman_test(SMALL, SMALL2, SMALL_LABEL, paired=False, n_boot=20),
        UserWarning,
        PAIRED,
    ),
    # inference: pROC's bootstrap NA warnings
    Case(
        "auc_ci unstratified",
        "inference/replicates.py",
        lambda: wr.auc_ci(
            SMALL, FEW_POSITIVES, method="bootstrap", stratified=False, n_boot=100, seed=1
        ),
        UserWarning,
        NA,
    ),
    Case(
        "auc_var unstratified",
        "inference/replicates.py",
        lambda: wr.auc_var(
            SMALL, FEW_POSITIVES, method="bootstrap", stratified=False, n_boot=100, seed=1
        ),
        UserWarning,
        NA,
    ),
    Case(
        "auc_cov unstratified",
        "inference/replicates.py",
        lambda: wr.auc_cov(
            SMALL, SMALL2, FEW_POSITIVES, method="bootstrap", stratified=False, n_boot=100, seed=1
        ),
        UserWarning,
        NA,
    ),
    Case(
        "roc_test unstratified",
        "inference/replicates.py",
        lambda: wr.roc_test(
            SMALL, SMALL2, FEW_POSITIVES, method="bootstrap", stratified=False, n_boot=100, seed=1
        ),
        UserWarning,
        NA,
    ),
    Case(
        "ci_se unstratified",
        "inference/replicates.py",
        lambda: wr.ci_se(
            SMALL, FEW_POSITIVES, specificities=[0.5], stratified=False, n_boot=100, seed=1
        ),
        UserWarning,
        NA,
    ),
    Case(
        "ci_coords best omitted",
        "inference/replicates.py",
        lambda: wr.ci_coords(
            [1, 2, 3, 4, 5, 6, 7, 8],
            SMALL_LABEL[::2] * 2,
            x="best",
            best_policy="omit",
            n_boot=50,
            seed=1,
        ),
        UserWarning,
        NA,
    ),
    Case(
        "ci_coords all NA",
        "inference/coords_ci.py",
        lambda: wr.ci_coords(
            [1, 2, 3, 4, 5, 6], [0, 1] * 3, x=[100], ret=["ppv"], n_boot=5, seed=1
        ),
        UserWarning,
        r"^All bootstrap iterations produced NA values only\.$",
    ),
    # inference: text labels without positive= (one warning per call)
    Case(
        "auc_ci text labels",
        "engine/validation.py",
        lambda: wr.auc_ci(SMALL, WORDS, quantile="t"),
        wr.LabelWarning,
        "'yes' is taken as positive",
    ),
    Case(
        "roc_test text labels",
        "engine/validation.py",
        lambda: wr.roc_test(SMALL, SMALL2, WORDS),
        wr.LabelWarning,
        "'yes' is taken as positive",
    ),
    Case(
        "are_paired text labels",
        "engine/validation.py",
        lambda: wr.are_paired(SMALL, SMALL2, WORDS),
        wr.LabelWarning,
        "'yes' is taken as positive",
    ),
    # inference: deprecations
    Case(
        "auc_ci(level=)",
        "utils/deprecation.py",
        lambda: wr.auc_ci(SMALL, SMALL_LABEL, level=0.9, quantile="t"),
        FutureWarning,
        r"auc_ci\(level=\.\.\.\) is deprecated",
    ),
    Case(
        "RocAccumulator.error_bound as a property",
        "streaming/accumulator.py",
        lambda: wr.RocAccumulator(2).update(GUESS, LABEL).error_bound + 0,
        FutureWarning,
        r"RocAccumulator\.error_bound is a method since 1\.3",
    ),
    Case(
        "AUCInterval.lower",
        "utils/deprecation.py",
        lambda: wr.auc_ci(SMALL, SMALL_LABEL, quantile="t").lower,
        FutureWarning,
        "AUCInterval.lower is deprecated",
    ),
    Case(
        "HTest.conf_int",
        "inference/results.py",
        lambda: wr.roc_test(SMALL, SMALL2, SMALL_LABEL).conf_int,
        FutureWarning,
        r"HTest\.conf_int is deprecated",
    ),
    Case(
        "bootstrap.auc_ci",
        "inference/bootstrap.py",
        lambda: bootstrap.auc_ci,
        FutureWarning,
        "weightedroc.inference.bootstrap.auc_ci is deprecated",
    ),
    Case(
        "auc_var partial dict",
        "inference/checks.py",
        lambda: wr.auc_var(
            RANKS, THIRDS, method="obuchowski", partial_auc=dict(fpr_range=(0, 0.2))
        ),
        FutureWarning,
        "auc_var" + PARTIAL,
    ),
    Case(
        "roc_test partial dict",
        "inference/checks.py",
        lambda: wr.roc_test(
            SMALL,
            SMALL2,
            SMALL_LABEL,
            method="bootstrap",
            n_boot=20,
            seed=1,
            partial_auc=dict(fpr_range=(0, 0.5)),
        ),
        FutureWarning,
        "roc_test" + PARTIAL,
    ),
    Case(
        "power_roc_test partial dict",
        "inference/checks.py",
        lambda: wr.power_roc_test(
            (RANKS, THIRDS),
            (RANKS2, THIRDS),
            power=0.8,
            method="obuchowski",
            partial_auc=dict(fpr_range=(0, 0.5)),
        ),
        FutureWarning,
        "power_roc_test" + PARTIAL,
    ),
]

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
    matching = [w for w in wanted if re.search(case.match, str(w.message))]
    assert matching, (
        f"{case.id}: no warning matches {case.match!r}: {[str(w.message) for w in wanted]}"
    )
    for w in matching:
        assert w.filename == __file__, f"{case.id}: the warning names {w.filename}:{w.lineno}"


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_the_row_names_the_module_that_raises_the_warning(case, monkeypatch):
    """The module of a row is where ``weightedroc.utils.warn.warn`` is called
    from (recorded, not raised: the row's warning goes nowhere here)."""
    from weightedroc.utils import warn as helper

    raised = []

    class Recorder:
        @staticmethod
        def warn(message, category=UserWarning, **_):
            caller = pathlib.Path(sys._getframe(2).f_code.co_filename)  # warn's caller
            if isinstance(message, Warning):  # warnings.warn's rule: the instance's class
                category = type(message)
            raised.append((str(message), category, caller.relative_to(PACKAGE).as_posix()))

    monkeypatch.setattr(helper, "warnings", Recorder())
    case.trigger()
    modules = {
        module
        for message, category, module in raised
        if issubclass(category, case.category) and re.search(case.match, message)
    }
    assert modules == {case.module}, raised


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
    missing = _warning_modules() - covered
    assert not missing, f"add a row to CASES for the warnings of {sorted(missing)}"
    assert not covered - _warning_modules(), "a row names a module that does not warn"


def test_no_hand_counted_stacklevel_is_left():
    """Warnings go through ``weightedroc.utils.warn.warn``: no ``stacklevel=``
    and no frame walker outside it, anywhere in the package."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative == "utils/warn.py":
            continue
        text = path.read_text(encoding="utf-8")
        if "stacklevel" in text or "_getframe" in text:
            offenders.append(relative)
    assert not offenders, offenders
