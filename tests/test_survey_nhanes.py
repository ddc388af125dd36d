"""The design-based AUC on NHANES (R survey's ``data(nhanes)``): a stratified
two-PSU design, ``svydesign(id=~SDMVPSU, strata=~SDMVSTRA, weights=~WTMEC2YR,
nest=TRUE)``, its complete cases of HI_CHOL (7,846 rows, 15 strata, 31
PSUs), the score a survey logistic model's linear predictor (fitted in R:
tests/data/nhanes/generate.R), as given, post-stratified by race and raked
by race and agecat.

The reference numbers are R's alone (tests/data/nhanes/reference.R): the
weighted Mann-Whitney AUC, its influence values, survey's ``svyrecvar``
(with the calibration's ``postStrata``) and ``svrVar`` of the AUCs of JKn
replicates (calibrated again in each replicate).  They are recorded in
nhanes_survey.csv and compared always; the live test reruns R."""

import pathlib

import numpy as np
import pandas as pd
import pytest
from test_live_r import need_r

import weightedroc as wr
from weightedroc import rbridge
from weightedroc.survey.design import weights_of
from weightedroc.survey.variance import svyrecvar

HERE = pathlib.Path(__file__).parent / "data" / "nhanes"
RACE = {1: 40e6, 2: 165e6, 3: 30e6, 4: 20e6}  # reference.R's RACE and AGECAT
AGECAT = {"(0,19]": 50e6, "(19,39]": 75e6, "(39,59]": 80e6, "(59,Inf]": 50e6}
DESIGNS = ("plain", "post", "raked")


def read_doubles(path):
    """R's 17-digit doubles, read back exactly: Python's float() rounds
    correctly (pandas' fast parser may miss the last bit)."""
    frame = pd.read_csv(path, dtype=str)
    for column in frame:
        try:
            frame[column] = frame[column].map(float)
        except ValueError:  # a column of words
            pass
    return frame


@pytest.fixture(scope="module")
def rows():
    return read_doubles(HERE / "nhanes.csv")


def designs(rows):
    design = wr.SurveyDesign(
        cluster="SDMVPSU", strata="SDMVSTRA", weight="WTMEC2YR", nest=True, data=rows
    )
    return {
        "plain": design,
        "post": design.post_stratify("race", RACE),
        "raked": design.rake(["race", "agecat"], [RACE, AGECAT]),
    }


def numbers(rows):
    """weightedroc's numbers, in nhanes_survey.csv's columns."""
    guess, label = rows["score"].to_numpy(), rows["HI_CHOL"].to_numpy() == 1
    out = []
    for name, design in designs(rows).items():
        linear = wr.auc_ci(guess, label, design=design)
        mse = wr.auc_ci(guess, label, design=design, replicates="JKn")
        mean = wr.auc_ci(guess, label, design=design, replicates=design.replicates(mse=False))
        out.append(
            dict(
                design=name,
                auc=linear.estimate,
                linearization_se=linear.std_error,
                jkn_se_mse=mse.std_error,
                jkn_auc=mse.estimate,
                replicates=design.replicates().n_replicates,
                jkn_se=mean.std_error,
            )
        )
        assert linear.method == "linearization (svyrecvar)"
        assert mse.method == "JKn replicates (31)"
    return pd.DataFrame(out).set_index("design")


def influence_values(guess, label, weight):
    """w_k d AUC / d w_k of the weighted Mann-Whitney AUC, from the pairs'
    definition with numpy's searchsorted: a case's weight of controls
    below it (half the tied), a control's of cases above it."""
    cases, controls = label, ~label
    order = np.argsort(guess[controls])
    g0, w0 = guess[controls][order], weight[controls][order]
    c0 = np.r_[0.0, np.cumsum(w0)]
    below = c0[np.searchsorted(g0, guess, "left")]
    tied0 = c0[np.searchsorted(g0, guess, "right")] - below
    order = np.argsort(guess[cases])
    g1, w1 = guess[cases][order], weight[cases][order]
    c1 = np.r_[0.0, np.cumsum(w1)]
    above = c1[-1] - c1[np.searchsorted(g1, guess, "right")]
    tied1 = c1[-1] - c1[np.searchsorted(g1, guess, "left")] - above
    W1, W0 = c1[-1], c0[-1]
    auc = np.sum(weight[cases] * (below + tied0 / 2)[cases]) / (W1 * W0)
    z = np.where(
        cases,
        weight * ((below + tied0 / 2) / W0 - auc) / W1,
        weight * ((above + tied1 / 2) / W1 - auc) / W0,
    )
    return auc, z


def test_the_data_are_surveys_complete_cases(rows):
    assert rows.shape == (7846, 8)
    assert rows["HI_CHOL"].isin([0, 1]).all() and rows["SDMVSTRA"].nunique() == 15
    assert rows.groupby("SDMVSTRA")["SDMVPSU"].nunique().sum() == 31


def test_nhanes_auc_and_standard_errors_equal_the_recorded_r_numbers(rows):
    recorded = read_doubles(HERE / "nhanes_survey.csv")
    recorded = recorded.set_index("design")
    ours = numbers(rows)
    assert list(recorded.index) == list(DESIGNS)
    for column in recorded.columns:
        np.testing.assert_allclose(ours[column], recorded[column], rtol=1e-10, err_msg=column)
    # the calibrations move the numbers: each design is checked on its own
    assert len(set(recorded["linearization_se"])) == 3
    assert (recorded["jkn_se_mse"] > recorded["jkn_se"]).all()


@pytest.mark.parametrize("name", DESIGNS)
def test_the_linearization_is_svyrecvar_of_independent_influence_values(rows, name):
    design = designs(rows)[name]
    guess, label = rows["score"].to_numpy(), rows["HI_CHOL"].to_numpy() == 1
    weight = weights_of(design, None)  # the column's, or the calibrated weights
    auc, z = influence_values(guess, label, weight)
    ci = wr.auc_ci(guess, label, design=design)
    assert ci.estimate == pytest.approx(auc, rel=1e-13)
    variance = svyrecvar(z, design.coded(len(rows)))[0, 0]
    assert ci.std_error == pytest.approx(np.sqrt(variance), rel=1e-12)


@pytest.mark.deep  # slow: in make test-deep (CI runs both)
def test_nhanes_live_equals_r_survey(rows):
    need_r("survey")
    from rpy2.robjects import pandas2ri
    from rpy2.robjects.conversion import localconverter

    ro = rbridge.robjects()
    ro.r(f'source("{HERE / "reference.R"}")')
    with localconverter(ro.default_converter + pandas2ri.converter):
        data = ro.conversion.get_conversion().rpy2py(ro.r("nhanes_rows()"))
        live = ro.conversion.get_conversion().rpy2py(ro.r("nhanes_reference()"))
    for column in rows.columns:  # the recorded rows are R's
        if column == "agecat":
            np.testing.assert_array_equal(data[column].to_numpy(), rows[column].to_numpy())
        else:
            np.testing.assert_array_equal(
                data[column].to_numpy(float), rows[column].to_numpy(float)
            )
    live = live.set_index("design")
    ours = numbers(rows)
    for column in live.columns:
        np.testing.assert_allclose(
            ours[column], live[column].astype(float), rtol=1e-10, err_msg=column
        )
