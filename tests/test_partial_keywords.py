"""One spelling of a partial area in inference (issue 30): the keywords
fpr_range=, tpr_range= and correct= of every function that computes or infers
one; the dict of 1.x (partial_auc=dict(...)) gives the same numbers with a
FutureWarning naming the keywords, and DeLong's method gives one message from
every entry point."""

import re
import warnings

import numpy as np
import pytest

import weightedroc as wr
from weightedroc.inference.bootstrap import bootstrap_cov, bootstrap_interval, bootstrap_var
from weightedroc.inference.resampling import bootstrap_test

RNG = np.random.default_rng(30)
N = 120
LABEL = (np.arange(N) % 3 == 0).astype(int)
GUESS = np.round(LABEL * 0.8 + RNG.normal(size=N), 2)
GUESS2 = np.round(LABEL * 0.5 + RNG.normal(size=N), 2)
WEIGHT = np.round(RNG.uniform(0.5, 2, size=N), 1)
BOOT = dict(n_boot=60, seed=3)


def value(result):
    """What a result holds, as a comparable tuple."""
    if isinstance(result, float):
        return (result,)
    picked = []
    for name in ("estimate", "conf_low", "conf_high", "statistic", "p_value", "ncases", "auc"):
        if hasattr(result, name):
            field = getattr(result, name)
            picked.append(tuple(field.values()) if isinstance(field, dict) else field)
    return tuple(picked)


CASES = [
    ("auc_var", lambda **p: wr.auc_var(GUESS, LABEL, WEIGHT, method="bootstrap", **BOOT, **p)),
    ("auc_var", lambda **p: wr.auc_var(GUESS, LABEL, WEIGHT, method="obuchowski", **p)),
    (
        "auc_cov",
        lambda **p: wr.auc_cov(GUESS, GUESS2, LABEL, WEIGHT, method="bootstrap", **BOOT, **p),
    ),
    ("auc_cov", lambda **p: wr.auc_cov(GUESS, GUESS2, LABEL, method="obuchowski", **p)),
    ("auc_ci", lambda **p: wr.auc_ci(GUESS, LABEL, WEIGHT, method="bootstrap", **BOOT, **p)),
    ("bootstrap_interval", lambda **p: bootstrap_interval(GUESS, LABEL, WEIGHT, **BOOT, **p)),
    (
        "roc_test",
        lambda **p: wr.roc_test(GUESS, GUESS2, LABEL, WEIGHT, method="bootstrap", **BOOT, **p),
    ),
    ("bootstrap_test", lambda **p: bootstrap_test(GUESS, GUESS2, LABEL, WEIGHT, **BOOT, **p)),
    (
        "power_roc_test",
        lambda **p: wr.power_roc_test(
            (GUESS, LABEL), (GUESS2, LABEL), power=0.8, method="obuchowski", **p
        ),
    ),
]
AREAS = [
    dict(fpr_range=(0, 0.3)),
    dict(fpr_range=(0.1, 0.4), correct=True),
    dict(tpr_range=(0.7, 1)),
]


def applies(name, call, area):
    """Obuchowski's variance has no TPR range, power no corrected area (pROC's
    errors, tested in test_power.py and test_obuchowski_live.py)."""
    obuchowski = "obuchowski" in call.__code__.co_consts
    if obuchowski and "tpr_range" in area:
        return False
    return not (name == "power_roc_test" and area.get("correct"))


@pytest.mark.parametrize("area", AREAS, ids=["fpr", "fpr-corrected", "tpr"])
@pytest.mark.parametrize("name, call", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_keywords_equal_the_deprecated_dict_which_warns(name, call, area):
    if not applies(name, call, area):
        pytest.skip("not a partial area this method has (pROC's error, tested elsewhere)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # McClish, small classes
        warnings.simplefilter("error", FutureWarning)  # the keywords never warn
        new = call(**area)
    shown = ", ".join(f"{k}={v!r}" for k, v in area.items())
    expected = re.escape(f"{name}(partial_auc=dict(...)) is deprecated") + ".*" + re.escape(shown)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        with pytest.warns(FutureWarning, match=expected) as caught:
            old = call(partial_auc=dict(area))
    assert [w.filename for w in caught if w.category is FutureWarning] == [__file__]
    assert value(new) == value(old)
    whole = call()
    assert value(whole) != value(new)  # the keywords are not ignored


@pytest.mark.parametrize("name, call", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_dict_and_keywords_together_are_an_error(name, call):
    with pytest.raises(TypeError, match=re.escape(f"{name}() got partial_auc= and fpr_range=")):
        call(partial_auc=dict(fpr_range=(0, 0.2)), fpr_range=(0, 0.2))


def test_bootstrap_var_and_cov_have_the_keywords():
    area = dict(fpr_range=(0, 0.3), correct=True)
    var = bootstrap_var(GUESS, LABEL, WEIGHT, **BOOT, **area)
    cov = bootstrap_cov(GUESS, GUESS, LABEL, WEIGHT, **BOOT, **area)
    assert var == pytest.approx(cov, rel=1e-12)
    assert var == wr.auc_var(GUESS, LABEL, WEIGHT, method="bootstrap", **BOOT, **area)
    with pytest.raises(ValueError, match=r"bootstrap_var\(\): correct=True needs fpr_range"):
        bootstrap_var(GUESS, LABEL, correct=True)


DELONG = "DeLong method is not supported for partial AUC (fpr_range= or tpr_range=). Use "


@pytest.mark.parametrize(
    "call, methods",
    [
        (lambda: wr.auc_ci(GUESS, LABEL, fpr_range=(0, 0.2)), "method='bootstrap'"),
        (
            lambda: wr.auc_var(GUESS, LABEL, fpr_range=(0, 0.2)),
            "method='bootstrap' or method='obuchowski'",
        ),
        (
            lambda: wr.auc_var(GUESS, LABEL, tpr_range=(0.8, 1)),
            "method='bootstrap' or method='obuchowski'",
        ),
        (
            lambda: wr.auc_cov(GUESS, GUESS2, LABEL, fpr_range=(0, 0.2)),
            "method='bootstrap' or method='obuchowski'",
        ),
        (lambda: wr.roc_test(GUESS, GUESS2, LABEL, fpr_range=(0, 0.2)), "method='bootstrap'"),
        (
            lambda: wr.power_roc_test(
                (GUESS, LABEL), (GUESS2, LABEL), power=0.8, fpr_range=(0, 0.2)
            ),
            "method='obuchowski' or method='bootstrap'",
        ),
    ],
)
def test_delong_partial_area_has_one_message_naming_the_methods_that_have_it(call, methods):
    with pytest.raises(ValueError, match="^" + re.escape(DELONG + methods + " instead.") + "$"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: wr.auc_ci(GUESS, LABEL, partial_auc=dict(fpr_range=(0, 0.2))),
        lambda: wr.auc_var(GUESS, LABEL, partial_auc=dict(fpr_range=(0, 0.2))),
    ],
)
def test_delong_partial_area_by_the_dict_gives_the_same_message(call):
    with pytest.warns(FutureWarning, match="deprecated"):
        with pytest.raises(ValueError, match=re.escape(DELONG)):
            call()
