"""The survey machinery against R's survey package (4.1), live through rpy2.

Replicate matrices, scale and rscales of as.svrepdesign (JK1, JKn)
exactly; svyrecvar on the same influence values and svrVar to 1e-12
relative.  Skips with the reason when R, rpy2 or survey is missing.
"""

import numpy as np
import pandas as pd
import pytest
from test_live_r import need_r

from weightedroc import rbridge
from weightedroc.survey.auc import influence
from weightedroc.survey.design import ReplicateWeights, SurveyDesign
from weightedroc.survey.variance import svr_var, svyrecvar

R_DESIGN = """function(cluster, strata, fpc, nest, type, z) {
  suppressMessages(library(survey))
  df <- data.frame(cluster = cluster, strata = strata, w = 1, z = z)
  if (!is.null(fpc)) df$fpc <- fpc
  ids <- if (all(is.na(cluster))) ~1 else ~cluster
  st <- if (all(is.na(strata))) NULL else ~strata
  d <- svydesign(ids = ids, strata = st, fpc = if (is.null(fpc)) NULL else ~fpc,
                 weights = ~w, data = df, nest = nest)
  v <- survey:::svyrecvar(cbind(z), d$cluster, d$strata, d$fpc)
  r <- as.svrepdesign(d, type = type)
  list(weights = r$repweights$weights, scale = r$scale, rscales = r$rscales, v = v,
       degf = degf(d), rdegf = degf(r))
}"""


def random_design(seed, fpc_kind=None, unstratified=False):
    rng = np.random.default_rng(seed)
    n_strata = 1 if unstratified else int(rng.integers(2, 6))
    cluster, strata, fpc = [], [], []
    for h in range(n_strata):
        n_h = int(rng.integers(2, 6))
        N_h = n_h + int(rng.integers(0, 20))
        for k in range(n_h):
            rows = int(rng.integers(1, 8))
            cluster += [k] * rows  # labels repeat across strata: nest=True
            strata += [10 * (n_strata - h)] * rows  # first appearance is not sorted
            fpc += [N_h if fpc_kind == "popsize" else n_h / N_h] * rows
    order = rng.permutation(len(cluster))
    take = lambda v: np.asarray(v)[order]  # noqa: E731
    return take(cluster), take(strata), (take(fpc) if fpc_kind else None)


def r_design(cluster, strata, fpc, nest, type, z):
    ro = rbridge.robjects()
    na = ro.FloatVector([float("nan")] * len(z))
    res = ro.r(R_DESIGN)(
        ro.FloatVector(cluster.astype(float)) if cluster is not None else na,
        ro.FloatVector(strata.astype(float)) if strata is not None else na,
        ro.FloatVector(fpc) if fpc is not None else ro.NULL,
        nest,
        type,
        ro.FloatVector(z),
    )
    out = dict(zip(res.names, res))
    return {k: np.asarray(v) for k, v in out.items()}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fpc_kind", [None, "popsize", "fraction"])
def test_jkn_and_linearization_equal_survey(seed, fpc_kind):
    need_r("survey")
    cluster, strata, fpc = random_design(seed, fpc_kind)
    n = len(cluster)
    rng = np.random.default_rng(100 + seed)
    guess, label, weight = rng.normal(size=n), rng.random(n) < 0.4, rng.uniform(1, 9, n)
    label[:2] = [True, False]
    _, z = influence(guess + label, label, weight)
    design = SurveyDesign(cluster=cluster, strata=strata, fpc=fpc, nest=True)
    r = r_design(cluster, strata, fpc, True, "JKn", z)
    reps = design.replicates("JKn")
    np.testing.assert_array_equal(reps.matrix, r["weights"])
    np.testing.assert_array_equal(reps.rscales, r["rscales"])
    assert reps.scale == r["scale"][0]
    coded = design.coded(n)
    assert coded.df == r["degf"][0]
    assert reps.degf() == r["rdegf"][0]
    np.testing.assert_allclose(svyrecvar(z, coded)[0, 0], r["v"][0, 0], rtol=1e-12)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("fpc_kind", [None, "popsize"])
def test_jk1_equals_survey(seed, fpc_kind):
    need_r("survey")
    cluster, _, fpc = random_design(seed, fpc_kind, unstratified=True)
    cluster = cluster + 0  # one stratum: labels are PSUs
    z = np.random.default_rng(seed).normal(size=len(cluster))
    r = r_design(cluster, None, fpc, False, "JK1", z)
    design = SurveyDesign(cluster=cluster, fpc=fpc)
    reps = design.replicates("JK1")
    np.testing.assert_array_equal(reps.matrix, r["weights"])
    np.testing.assert_array_equal(reps.rscales, r["rscales"])
    assert reps.scale == r["scale"][0]
    np.testing.assert_allclose(svyrecvar(z, design.coded(len(z)))[0, 0], r["v"][0, 0], rtol=1e-12)


R_SVRVAR = """function(thetas, scale, rscales, mse, coef) {
  survey:::svrVar(thetas, scale, rscales, mse = mse, coef = coef)[1]
}"""


@pytest.mark.parametrize("mse", [True, False])
def test_svrvar_equals_survey(mse):
    need_r("survey")
    ro = rbridge.robjects()
    rng = np.random.default_rng(5)
    thetas, rscales = rng.normal(0.7, 0.01, 12), rng.uniform(0.2, 1, 12)
    reps = ReplicateWeights(np.ones((3, 12)), scale=0.9, rscales=rscales, mse=mse)
    ours = svr_var(thetas, reps, 0.705)[0, 0]
    fv = ro.FloatVector
    theirs = ro.r(R_SVRVAR)(fv(thetas), 0.9, fv(rscales), mse, 0.705)[0]
    np.testing.assert_allclose(ours, theirs, rtol=1e-12)


R_BOOT = """function(cluster, strata, type, B) {
  suppressMessages(library(survey))
  df <- data.frame(cluster = cluster, strata = strata, w = 1)
  d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~w, data = df, nest = TRUE)
  r <- as.svrepdesign(d, type = type, replicates = B)
  w <- r$repweights$weights
  list(scale = r$scale, rscales = r$rscales,
       sums = as.vector(rowsum(w, strata[!duplicated(d$cluster[, 1])])))
}"""


@pytest.mark.parametrize("type", ["bootstrap", "subbootstrap"])
def test_bootstrap_scale_and_draws_as_survey(type):
    """The bootstraps' scale and rscales equal survey's; within a stratum
    each replicate's factors add up as survey's draws do (n_h PSUs drawn,
    or n_h - 1 drawn times n_h / (n_h - 1), both n_h); the draws themselves
    come from another generator."""
    need_r("survey")
    ro = rbridge.robjects()
    cluster, strata, _ = random_design(3)
    res = ro.r(R_BOOT)(
        ro.FloatVector(cluster.astype(float)), ro.FloatVector(strata.astype(float)), type, 30
    )
    r = {k: np.asarray(v) for k, v in zip(res.names, res)}
    reps = SurveyDesign(cluster=cluster, strata=strata, nest=True).replicates(
        type, n_rep=30, seed=1
    )
    np.testing.assert_allclose(reps.scale, r["scale"][0], rtol=1e-15)
    np.testing.assert_array_equal(reps.rscales, r["rscales"])
    coded = SurveyDesign(cluster=cluster, strata=strata, nest=True).coded(len(cluster))
    ours = np.zeros((len(coded.n_psu), 30))
    np.add.at(ours, coded.psu_stratum, reps.matrix)
    theirs = r["sums"].reshape(30, -1).T  # R is column-major; rowsum sorts the strata
    order = np.argsort([str(float(s)) for s in coded.strata_names])
    np.testing.assert_allclose(ours[order], theirs, rtol=1e-13)


R_HADAMARD = """function(n) { suppressMessages(library(survey)); survey:::hadamard(n) }"""


@pytest.mark.parametrize("n", range(1, 100))
def test_hadamard_as_survey(n):
    """survey's choice of Hadamard matrix for n pairs (Sylvester, doubled,
    Paley, or the matrices of order 28 and 36 it stores, used or doubled)."""
    need_r("survey")
    from weightedroc.survey.hadamard import hadamard

    ro = rbridge.robjects()
    np.testing.assert_array_equal(hadamard(n), np.asarray(ro.r(R_HADAMARD)(n)))


R_BRR_PAIRS = """function(pairs) {
  suppressMessages(library(survey))
  lapply(pairs, function(n) {
    df <- data.frame(cluster = rep(1:2, n), strata = rep(seq_len(n), each = 2), w = 1)
    d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~w, data = df, nest = TRUE)
    r <- as.svrepdesign(d, type = "BRR")
    r$repweights$weights
  })
}"""


def test_brr_for_every_number_of_pairs_as_survey():
    """BRR replicate weights of 1 to 99 strata of two PSUs: survey's exactly
    (its Hadamard matrix of each order, the stored ones included; strata
    labelled 1..n as in R, whose pairs follow the labels' text order)."""
    need_r("survey")
    ro = rbridge.robjects()
    theirs = ro.r(R_BRR_PAIRS)(ro.IntVector(range(1, 100)))
    for n, r_weights in zip(range(1, 100), theirs):
        design = SurveyDesign(
            cluster=np.tile([1, 2], n), strata=np.repeat(np.arange(1, n + 1), 2), nest=True
        )
        ours = design.replicates("BRR").matrix
        np.testing.assert_array_equal(ours, np.asarray(r_weights), err_msg=f"{n} pairs")


R_BRR = """function(cluster, strata, type, rho) {
  suppressMessages(library(survey))
  df <- data.frame(cluster = cluster, strata = strata, w = 1)
  d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~w, data = df, nest = TRUE)
  r <- as.svrepdesign(d, type = type, fay.rho = rho)
  list(weights = r$repweights$weights, scale = r$scale, rscales = r$rscales)
}"""


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("type", ["BRR", "Fay"])
def test_brr_and_fay_equal_survey(seed, type):
    need_r("survey")
    rng = np.random.default_rng(seed)
    cluster, strata = [], []
    for h in rng.permutation(int(rng.integers(1, 12))):  # up to 22 pairs
        for k in range(int(rng.choice([2, 2, 2, 4]))):
            rows = int(rng.integers(1, 4))
            cluster += [k] * rows
            strata += [h + 1] * rows
    order = rng.permutation(len(cluster))
    cluster, strata = np.asarray(cluster)[order], np.asarray(strata)[order]
    rho = 0.0 if type == "BRR" else 0.3
    ro = rbridge.robjects()
    res = ro.r(R_BRR)(
        ro.FloatVector(cluster.astype(float)), ro.FloatVector(strata.astype(float)), type, rho
    )
    r = {k: np.asarray(v) for k, v in zip(res.names, res)}
    design = SurveyDesign(cluster=cluster, strata=strata, nest=True)
    reps = design.replicates(type, rho=None if type == "BRR" else rho)
    np.testing.assert_allclose(reps.matrix, r["weights"], rtol=1e-15)
    np.testing.assert_allclose(reps.scale, r["scale"][0], rtol=1e-15)
    np.testing.assert_array_equal(reps.rscales, r["rscales"])


R_APICLUS2 = """function(z, one) {
  suppressMessages(library(survey))
  data(api)
  d <- svydesign(id = ~dnum + snum, fpc = ~fpc1 + fpc2, data = apiclus2)
  sqrt(survey:::svyrecvar(cbind(z), d$cluster, d$strata, d$fpc, one.stage = one)[1, 1])
}"""


def r_frame(name):
    """One of survey's data sets (``data(api)``) as a pandas frame."""
    from rpy2.robjects import pandas2ri
    from rpy2.robjects.conversion import localconverter

    ro = rbridge.robjects()
    ro.r("suppressMessages(library(survey)); data(api)")
    with localconverter(ro.default_converter + pandas2ri.converter):
        return ro.conversion.get_conversion().rpy2py(ro.r(name))


TWO, ONE = 0.0479949077, 0.0453173739  # survey 4.1, printed to 10 digits


def test_two_stage_apiclus2_equals_svyrecvar():
    """apiclus2's two-stage design (districts, then schools, fpc per stage):
    the AUC of api00 for sch.wide == "Yes" with weights pw has survey's
    multistage SE 0.0479949077 (R: svyrecvar on the same influence values),
    and its first stage alone survey's one.stage = TRUE, 0.0453173739."""
    need_r("survey")
    import weightedroc as wr

    df = r_frame("apiclus2")
    guess, label = df["api00"].to_numpy(float), (df["sch.wide"] == "Yes").to_numpy()
    weight = df["pw"].to_numpy(float)
    _, z = influence(guess, label, weight)
    ro = rbridge.robjects()
    r_two, r_one = (ro.r(R_APICLUS2)(ro.FloatVector(z), one)[0] for one in (False, True))
    two = SurveyDesign(cluster=["dnum", "snum"], fpc=["fpc1", "fpc2"], data=df)
    arrays = SurveyDesign(
        cluster=[df.dnum.to_numpy(), df.snum.to_numpy()], fpc=df[["fpc1", "fpc2"]]
    )
    one = SurveyDesign(cluster="dnum", fpc="fpc1", data=df)
    for design, theirs, recorded in ((two, r_two, TWO), (arrays, r_two, TWO), (one, r_one, ONE)):
        ours = wr.auc_ci(guess, label, weight, design=design).std_error
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)
        assert abs(ours - recorded) < 1e-10
    assert two.coded(len(df)).later and not one.coded(len(df)).later


R_MULTISTAGE = """function(df, z, stages, nest) {
  suppressMessages(library(survey))
  ids <- as.formula(paste("~", paste0("c", seq_len(stages), collapse = "+")))
  fpc <- as.formula(paste("~", paste0("f", seq_len(stages), collapse = "+")))
  d <- svydesign(ids = ids, strata = ~h, fpc = fpc, data = df, nest = nest)
  survey:::svyrecvar(cbind(z), d$cluster, d$strata, d$fpc)[1, 1]
}"""


def random_multistage(seed, stages):
    """Strata of PSUs, each with a few units at every later stage; fpc as
    population sizes per stage (sampling fractions when seed is odd); unit
    labels repeat across PSUs (survey nests them in the earlier stages)."""
    rng = np.random.default_rng(seed)
    rows = []

    def units(prefix, stage, h):
        n = int(rng.integers(2, 4 if stage > 1 else 5))
        size = n + int(rng.integers(0, 6))
        for k in range(n):
            label = prefix + [(k, size if seed % 2 == 0 else n / size)]
            if stage == stages:
                rows.append((h, label))
            else:
                units(label, stage + 1, h)

    for h in range(int(rng.integers(1, 4))):
        units([], 1, h)
    frame = {"h": [h for h, _ in rows]}
    for s in range(stages):
        frame[f"c{s + 1}"] = [label[s][0] + (0 if s else 10 * h) for h, label in rows]
        frame[f"f{s + 1}"] = [label[s][1] for _, label in rows]
    return pd.DataFrame(frame).sample(frac=1, random_state=seed).reset_index(drop=True)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("stages", [2, 3])
def test_multistage_equals_svyrecvar(seed, stages):
    need_r("survey")
    from rpy2.robjects import pandas2ri
    from rpy2.robjects.conversion import localconverter

    df = random_multistage(seed, stages)
    z = np.random.default_rng(seed).normal(size=len(df))
    design = SurveyDesign(
        cluster=[f"c{s + 1}" for s in range(stages)],
        strata="h",
        fpc=[f"f{s + 1}" for s in range(stages)],
        data=df,
    )
    ro = rbridge.robjects()
    with localconverter(ro.default_converter + pandas2ri.converter):
        r_df = ro.conversion.get_conversion().py2rpy(df)
    theirs = ro.r(R_MULTISTAGE)(r_df, ro.FloatVector(z), stages, False)[0]
    ours = svyrecvar(z, design.coded(len(df)))[0, 0]
    np.testing.assert_allclose(ours, theirs, rtol=1e-12)


R_LONELY = """function(cluster, strata, fpc, z, lonely) {
  suppressMessages(library(survey))
  old <- options(survey.lonely.psu = lonely)
  on.exit(options(old))
  df <- data.frame(cluster = cluster, strata = strata, w = 1, z = z)
  if (!is.null(fpc)) df$fpc <- fpc
  d <- svydesign(ids = ~cluster, strata = ~strata, fpc = if (is.null(fpc)) NULL else ~fpc,
                 weights = ~w, data = df, nest = TRUE)
  v <- survey:::svyrecvar(cbind(z), d$cluster, d$strata, d$fpc)
  r <- as.svrepdesign(d, type = "JKn")
  list(v = v, weights = r$repweights$weights, scale = r$scale, rscales = r$rscales)
}"""


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("fpc_kind", [None, "popsize"])
@pytest.mark.parametrize("lonely_psu", ["remove", "adjust", "average", "certainty"])
def test_lonely_psu_equals_survey(seed, fpc_kind, lonely_psu):
    """Strata with a single PSU under each survey.lonely.psu: svyrecvar on
    the AUC's influence values, and JKn's matrix, scale and rscales."""
    need_r("survey")
    cluster, strata, fpc = random_design(seed, fpc_kind)
    n_lonely = 1 + seed % 2
    cluster = np.r_[cluster, np.repeat(np.arange(n_lonely), 3)]
    strata = np.r_[strata, np.repeat(1000 + np.arange(n_lonely), 3)]
    if fpc is not None:
        fpc = np.r_[fpc, np.full(3 * n_lonely, 7.0)]
    rng = np.random.default_rng(seed)
    n = len(cluster)
    guess, label, weight = rng.normal(size=n), rng.random(n) < 0.4, rng.uniform(1, 9, n)
    label[:2] = [True, False]
    _, z = influence(guess + label, label, weight)
    ro = rbridge.robjects()
    fv = ro.FloatVector
    res = ro.r(R_LONELY)(
        fv(cluster.astype(float)),
        fv(strata.astype(float)),
        fv(fpc) if fpc is not None else ro.NULL,
        fv(z),
        lonely_psu,
    )
    r = {k: np.asarray(v) for k, v in zip(res.names, res)}
    design = SurveyDesign(cluster=cluster, strata=strata, fpc=fpc, nest=True, lonely_psu=lonely_psu)
    np.testing.assert_allclose(svyrecvar(z, design.coded(n))[0, 0], r["v"][0, 0], rtol=1e-12)
    reps = design.replicates("JKn")
    np.testing.assert_allclose(reps.matrix, r["weights"], rtol=1e-15)
    np.testing.assert_allclose(reps.rscales, r["rscales"], rtol=1e-15)
    np.testing.assert_allclose(reps.scale, r["scale"][0], rtol=1e-15)


R_POSTSTRATIFY = """function(z) {
  suppressMessages(library(survey))
  data(api)
  d <- svydesign(id = ~1, strata = ~stype, weights = ~pw, fpc = ~fpc, data = apistrat)
  pop <- data.frame(awards = c("No", "Yes"), Freq = as.vector(table(apipop$awards)))
  p <- postStratify(d, ~awards, pop)
  list(weights = weights(p), pop = pop$Freq,
       v = survey:::svyrecvar(cbind(z), p$cluster, p$strata, p$fpc, p$postStrata)[1, 1])
}"""


def test_post_stratified_apistrat_equals_survey():
    """apistrat post-stratified on awards to apipop's counts: the weights
    equal survey's postStratify, and the AUC's linearization (of api00 for
    sch.wide == "Yes", with the calibrated weights) equals svyrecvar on the
    design's postStrata: the calibration residuals."""
    need_r("survey")
    df = r_frame("apistrat")
    ro = rbridge.robjects()
    first = ro.r(R_POSTSTRATIFY)(ro.FloatVector(np.zeros(len(df))))
    pop = dict(zip(["No", "Yes"], np.asarray(first.rx2("pop"))))
    design = SurveyDesign(strata="stype", fpc="fpc", weight="pw", data=df)
    calibrated = design.post_stratify("awards", pop)
    np.testing.assert_allclose(calibrated.weight, np.asarray(first.rx2("weights")), rtol=1e-14)
    guess, label = df["api00"].to_numpy(float), (df["sch.wide"] == "Yes").to_numpy()
    _, z = influence(guess, label, calibrated.weight)
    theirs = ro.r(R_POSTSTRATIFY)(ro.FloatVector(z)).rx2("v")[0]
    ours = svyrecvar(z, calibrated.coded(len(df)))[0, 0]
    np.testing.assert_allclose(ours, theirs, rtol=1e-12)
    import weightedroc as wr

    ci = wr.auc_ci(guess, label, design=calibrated)
    np.testing.assert_allclose(ci.std_error**2, theirs, rtol=1e-12)
    plain = svyrecvar(z, design.coded(len(df)))[0, 0]
    assert abs(plain / ours - 1) > 5e-4  # the residuals change the variance (0.08%)


R_CALIBRATE = """function(z, calfun) {
  suppressMessages(library(survey))
  data(api)
  d <- svydesign(id = ~1, strata = ~stype, weights = ~pw, fpc = ~fpc, data = apistrat)
  pop <- c(`(Intercept)` = 6194, api99 = sum(apipop$api99))
  p <- calibrate(d, ~api99, pop, calfun = calfun, epsilon = 1e-13, maxit = 100)
  list(weights = weights(p), pop = pop,
       v = survey:::svyrecvar(cbind(z), p$cluster, p$strata, p$fpc, p$postStrata)[1, 1])
}"""


@pytest.mark.parametrize("calfun", ["linear", "raking"])
def test_calibrated_apistrat_equals_survey(calfun):
    """apistrat calibrated to apipop's count and api99 total: weights equal
    survey's calibrate (raking: survey run to epsilon = 1e-13, as ours
    converges), and the AUC's linearization equals svyrecvar on the
    design's greg_calibration residuals."""
    need_r("survey")
    df = r_frame("apistrat")
    ro = rbridge.robjects()
    first = ro.r(R_CALIBRATE)(ro.FloatVector(np.zeros(len(df))), calfun)
    df = df.assign(one=1.0)
    design = SurveyDesign(strata="stype", fpc="fpc", weight="pw", data=df)
    calibrated = design.calibrate(["one", "api99"], np.asarray(first.rx2("pop")), calfun)
    np.testing.assert_allclose(calibrated.weight, np.asarray(first.rx2("weights")), rtol=1e-12)
    guess, label = df["api00"].to_numpy(float), (df["sch.wide"] == "Yes").to_numpy()
    _, z = influence(guess, label, calibrated.weight)
    theirs = ro.r(R_CALIBRATE)(ro.FloatVector(z), calfun).rx2("v")[0]
    ours = svyrecvar(z, calibrated.coded(len(df)))[0, 0]
    np.testing.assert_allclose(ours, theirs, rtol=1e-12)


R_RECALIBRATED = """function(kind) {
  suppressMessages(library(survey))
  data(api)
  d <- svydesign(id = ~1, strata = ~stype, weights = ~pw, fpc = ~fpc, data = apistrat)
  r <- as.svrepdesign(d, type = "JKn")
  if (kind == "post") {
    pop <- data.frame(awards = c("No", "Yes"), Freq = as.vector(table(apipop$awards)))
    p <- postStratify(r, ~awards, pop)
  } else {
    p <- calibrate(r, ~api99, c(6194, sum(apipop$api99)), calfun = kind, epsilon = 1e-13,
                   maxit = 100)
  }
  list(w = weights(p, "analysis"), scale = p$scale, rscales = p$rscales,
       pop = as.vector(table(apipop$awards)))
}"""


@pytest.mark.parametrize("kind", ["post", "linear", "raking"])
def test_replicates_of_a_calibrated_design_equal_survey(kind):
    """JKn replicates of apistrat, each replicate post-stratified or
    calibrated again (survey: as.svrepdesign, then postStratify or
    calibrate): the analysis weights, scale and rscales."""
    need_r("survey")
    df = r_frame("apistrat").assign(one=1.0)
    ro = rbridge.robjects()
    res = ro.r(R_RECALIBRATED)(kind)
    r = {k: np.asarray(v) for k, v in zip(res.names, res)}
    design = SurveyDesign(strata="stype", fpc="fpc", weight="pw", data=df)
    if kind == "post":
        design = design.post_stratify("awards", dict(zip(["No", "Yes"], r["pop"])))
    else:
        totals = [6194.0, float(r_frame("apipop")["api99"].sum())]
        design = design.calibrate(["one", "api99"], totals, kind)
    reps = design.replicates("JKn")
    np.testing.assert_allclose(reps.matrix, r["w"], rtol=1e-11)
    np.testing.assert_allclose(reps.rscales, r["rscales"], rtol=1e-15)
    assert reps.scale == r["scale"][0]
    import weightedroc as wr

    guess, label = df["api00"].to_numpy(float), (df["sch.wide"] == "Yes").to_numpy()
    ci = wr.auc_ci(guess, label, design=design, replicates=reps)
    thetas = []
    for w in reps.matrix.T:  # a replicate's zero weights drop their rows
        kept = w > 0
        thetas.append(wr.auc_score(guess[kept], label[kept], w[kept]))
    expected = svr_var(thetas, reps, wr.auc_score(guess, label, design.weight))[0, 0]
    np.testing.assert_allclose(ci.std_error**2, expected, rtol=1e-12)


R_RAKE = """function(z, replicated) {
  suppressMessages(library(survey))
  data(api)
  d <- svydesign(id = ~1, strata = ~stype, weights = ~pw, fpc = ~fpc, data = apistrat)
  if (replicated) d <- as.svrepdesign(d, type = "JKn")
  types <- data.frame(stype = c("E", "H", "M"), Freq = c(4421, 755, 1018))
  awards <- data.frame(awards = c("No", "Yes"), Freq = as.vector(table(apipop$awards)))
  p <- rake(d, list(~stype, ~awards), list(types, awards))
  if (replicated) return(weights(p, "analysis"))
  list(weights = weights(p), awards = awards$Freq,
       v = survey:::svyrecvar(cbind(z), p$cluster, p$strata, p$fpc, p$postStrata)[1, 1])
}"""


def test_raked_apistrat_equals_survey():
    """apistrat raked on stype and awards with survey's defaults (10
    passes, epsilon one weight unit): weights, the AUC's linearization on
    survey's raking residuals, and JKn replicates raked again."""
    need_r("survey")
    df = r_frame("apistrat")
    ro = rbridge.robjects()
    first = ro.r(R_RAKE)(ro.FloatVector(np.zeros(len(df))), False)
    margins = [
        {"E": 4421.0, "H": 755.0, "M": 1018.0},
        dict(zip(["No", "Yes"], np.asarray(first.rx2("awards")))),
    ]
    design = SurveyDesign(strata="stype", fpc="fpc", weight="pw", data=df)
    raked = design.rake(["stype", "awards"], margins)
    np.testing.assert_allclose(raked.weight, np.asarray(first.rx2("weights")), rtol=1e-13)
    guess, label = df["api00"].to_numpy(float), (df["sch.wide"] == "Yes").to_numpy()
    _, z = influence(guess, label, raked.weight)
    theirs = ro.r(R_RAKE)(ro.FloatVector(z), False).rx2("v")[0]
    np.testing.assert_allclose(svyrecvar(z, raked.coded(len(df)))[0, 0], theirs, rtol=1e-12)
    replicated = np.asarray(ro.r(R_RAKE)(ro.FloatVector(z), True))
    np.testing.assert_allclose(raked.replicates("JKn").matrix, replicated, rtol=1e-11)
