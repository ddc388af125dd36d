"""group_auc(design=): GAUC's design-based variance, by replicates against
a plain loop of per-group AUCs, by linearization against influence values
taken by numerical differentiation, and live against R's survey
(``svyrecvar`` on the same influence values)."""

import math

import numpy as np
import pandas as pd
import pytest
from test_live_r import need_r

import weightedroc as wr
from weightedroc import rbridge
from weightedroc.inference.design_based import gauc_influence
from weightedroc.survey.variance import svyrecvar


def log(seed=5, n=240):
    """Users (groups) nested in schools (PSUs) in strata, some users with one class."""
    rng = np.random.default_rng(seed)
    user = np.sort(rng.integers(0, 40, n))
    school = user // 4
    stratum = school % 2  # 2 strata of 5 schools
    y = (rng.random(n) < 0.35).astype(int)
    score = np.round(rng.normal(size=n) + 0.8 * y + 0.1 * (user % 5), 1)
    w = rng.uniform(1, 20, n)
    return pd.DataFrame(
        {"user": user, "school": school, "stratum": stratum, "y": y, "score": score, "w": w}
    )


def user_term(rows, weight, group_weight):
    """One user's (weight x AUC, weight) in GAUC's sums; (0, 0) without both classes."""
    keep = weight > 0
    rows, weight = rows[keep], weight[keep]
    if rows["y"].nunique() < 2:
        return 0.0, 0.0
    g = weight.sum() if group_weight == "weight" else (weight * rows["y"]).sum()
    return g * wr.auc_score(rows["score"], rows["y"], weight), g


def gauc(frame, weight, group_weight):
    """GAUC by a loop of auc_score over the users with both classes."""
    terms = [
        user_term(rows, rows["weight"], group_weight)
        for _, rows in frame.assign(weight=weight).groupby("user")
    ]
    top, bottom = np.sum(terms, axis=0)
    return top / bottom


def numerical_influence(frame, group_weight, h=1e-6):
    """w_k dGAUC/dw_k by central differences; moving w_k moves only row k's
    user's term, so only that term is recomputed."""
    users = dict(list(frame.groupby("user")))
    base = {user: user_term(rows, rows["w"], group_weight) for user, rows in users.items()}
    top, bottom = np.sum(list(base.values()), axis=0)
    numeric = np.empty(len(frame))
    for k, user in enumerate(frame["user"]):
        rows = users[user]
        moved = []
        for factor in (1 + h, 1 - h):
            weight = rows["w"].copy()
            weight[k] *= factor
            t, b = user_term(rows, weight, group_weight)
            moved.append((top - base[user][0] + t) / (bottom - base[user][1] + b))
        numeric[k] = (moved[0] - moved[1]) / (2 * h)
    return numeric


DESIGN = wr.SurveyDesign(cluster="school", strata="stratum")


@pytest.mark.parametrize("group_weight", ["weight", "positive_weight"])
def test_replicates_equal_a_plain_loop(group_weight):
    frame = log()
    kwargs = dict(by="user", group_weight=group_weight, design=DESIGN)
    found = wr.group_auc(frame, "score", "y", "w", replicates="JKn", **kwargs)
    assert found.estimate == pytest.approx(gauc(frame, frame["w"], group_weight), rel=1e-13)
    reps = wr.SurveyDesign(cluster=frame["school"], strata=frame["stratum"]).replicates("JKn")
    factors = reps.matrix[reps.index]
    thetas = np.array(
        [gauc(frame, frame["w"] * factors[:, r], group_weight) for r in range(reps.n_replicates)]
    )
    variance = reps.scale * np.sum(reps.rscales * (thetas - found.estimate) ** 2)
    assert found.std_error == pytest.approx(math.sqrt(variance), rel=1e-10)
    assert found.interval == "replicate (JKn)"
    assert (found.conf_high - found.conf_low) / 2 == pytest.approx(
        1.959963984540054 * found.std_error
    )
    assert "design-based, replicate (JKn)" in repr(found)


@pytest.mark.deep
@pytest.mark.parametrize("group_weight", ["weight", "positive_weight"])
def test_linearization_is_the_numerical_influence(group_weight):
    frame = log()
    w = frame["w"].to_numpy()
    codes = frame["user"].to_numpy()
    codes = np.unique(codes, return_inverse=True)[1]
    values = gauc_influence(
        codes,
        codes.max() + 1,
        frame["score"].to_numpy(float),
        frame["y"].to_numpy(bool),
        w,
        group_weight,
        1,
    )
    numeric = numerical_influence(frame, group_weight)
    np.testing.assert_allclose(values, numeric, atol=1e-9)
    found = wr.group_auc(
        frame, "score", "y", "w", by="user", group_weight=group_weight, design=DESIGN, quantile="t"
    )
    design = wr.SurveyDesign(cluster=frame["school"], strata=frame["stratum"])
    expected = svyrecvar(numeric, design.coded(len(w)))[0, 0]
    assert found.std_error == pytest.approx(math.sqrt(expected), rel=1e-6)
    assert found.df == frame["school"].nunique() - frame["stratum"].nunique()
    assert found.interval == "linearization"


def test_linearization_equals_r_svyrecvar():
    need_r("survey")
    frame = log(9)
    found = wr.group_auc(frame, "score", "y", "w", by="user", group_weight="weight", design=DESIGN)
    codes = np.unique(frame["user"], return_inverse=True)[1]
    z = gauc_influence(
        codes,
        codes.max() + 1,
        frame["score"].to_numpy(float),
        frame["y"].to_numpy(bool),
        frame["w"].to_numpy(),
        "weight",
        1,
    )
    ro = rbridge.robjects()
    r_var = ro.r(
        """function(school, stratum, z) {
          suppressMessages(library(survey))
          d <- svydesign(ids = ~school, strata = ~stratum, weights = ~1,
                         data = data.frame(school = school, stratum = stratum))
          survey:::svyrecvar(cbind(z), d$cluster, d$strata, d$fpc)
        }"""
    )(
        ro.FloatVector(frame["school"].astype(float)),
        ro.FloatVector(frame["stratum"].astype(float)),
        ro.FloatVector(z),
    )
    assert found.std_error**2 == pytest.approx(float(np.asarray(r_var)[0, 0]), rel=1e-12)


def test_design_options_checked():
    frame = log()
    with pytest.raises(ValueError, match='group_weight="weight"'):
        wr.group_auc(frame, "score", "y", "w", by="user", design=DESIGN)
    with pytest.raises(ValueError, match="give no interval="):
        wr.group_auc(
            frame,
            "score",
            "y",
            "w",
            by="user",
            group_weight="weight",
            design=DESIGN,
            interval="between",
        )
    with pytest.raises(ValueError, match="needs design="):
        wr.group_auc(frame, "score", "y", "w", by="user", method="replicate")
