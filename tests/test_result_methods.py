"""Every interval and test says what computed it (issue 38 item 3): the
`method` field in words, replicate counts as `n_replicates` (`n_boot` a
deprecated alias), and an explicit method the design cannot honour is an
error that names what works."""

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr
from weightedroc.survey.design import SurveyDesign

rng = np.random.default_rng(3)
N = 120
Y = np.arange(N) % 3 == 0
G = rng.normal(size=N) + Y
G2 = rng.normal(size=N) + 0.5 * Y
W = rng.uniform(1, 3, N)
DESIGN = SurveyDesign(cluster=np.arange(N) // 6 % 2, strata=np.arange(N) // 12, nest=True)


@pytest.mark.parametrize(
    "kw, words, count",
    [
        ({}, "DeLong", 0),
        ({"method": "bootstrap", "n_boot": 50, "seed": 1}, "bootstrap (50, stratified)", 50),
        (
            {"method": "bootstrap", "n_boot": 40, "seed": 1, "stratified": False},
            "bootstrap (40, not stratified)",
            40,
        ),
        ({"design": DESIGN}, "linearization (svyrecvar)", 0),
        ({"design": DESIGN, "replicates": "JKn"}, "JKn replicates (20)", 20),
    ],
)
def test_intervals_say_their_method(kw, words, count):
    ci = wr.auc_ci(G, Y, W, **kw)
    assert ci.method == words
    assert f"method='{words}'" in repr(ci)
    assert ci.n_replicates == count == len(ci.replicates)
    with pytest.warns(FutureWarning, match="use .n_replicates"):
        assert ci.n_boot == count


def test_design_tests_say_their_method():
    test = wr.roc_test(G, G2, Y, W, design=DESIGN.replicates("JKn"))
    assert test.method == "Design-based test for two correlated ROC curves (JKn replicates (20))"
    assert "JKn replicates (20)" in repr(test)
    test = wr.roc_test(G, G2, Y, W, design=DESIGN)
    assert test.method.endswith("(linearization (svyrecvar))")


@pytest.mark.parametrize(
    "call",
    [
        lambda: wr.auc_ci(G, Y, W, design=DESIGN, method="delong"),
        lambda: wr.auc_var(G, Y, W, design=DESIGN, method="delong"),
        lambda: wr.auc_cov(G, G2, Y, W, design=DESIGN, method="delong"),
        lambda: wr.roc_test(G, G2, Y, W, design=DESIGN, method="delong"),
        lambda: wr.roc_test([G, G2], label=Y, weight=W, design=DESIGN, method="delong"),
        lambda: wr.group_auc(
            pd.DataFrame({"g": G, "y": Y, "w": W, "u": np.arange(N) % 4}),
            "g",
            "y",
            "w",
            by="u",
            group_weight="weight",
            design=DESIGN,
            method="delong",
        ),
    ],
)
def test_delong_with_a_design_is_an_error_naming_what_works(call):
    with pytest.raises(ValueError, match='method="linearization".*method="replicate"'):
        call()


def test_method_none_is_each_inputs_natural_method():
    natural, delong = wr.auc_ci(G, Y, W, method=None), wr.auc_ci(G, Y, W, method="delong")
    assert (natural.conf_low, natural.conf_high) == (delong.conf_low, delong.conf_high)
    linear = wr.auc_ci(G, Y, W, design=DESIGN, method="linearization")
    assert wr.auc_ci(G, Y, W, design=DESIGN).conf_low == linear.conf_low
