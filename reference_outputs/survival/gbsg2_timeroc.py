"""timeROC 0.4.1's numbers for vignettes/survival.py (GBSG2, test split):
marginal weighting with iid standard errors, Cox weighting on pnodes and
age, and the case-weight table's reference: timeROC(iid=TRUE) of the rows
repeated (the subjects with hormonal therapy twice, `COPIES`).

Repeats the vignette's steps (the same split and Cox model from
scikit-survival), runs R's timeROC(iid=TRUE) on the test subjects through
rpy2 and writes gbsg2_timeroc.csv here.  Needs timeROC in the R library
named by WEIGHTEDROC_R_LIB (fetched from github:cran/timeROC).

    WEIGHTEDROC_R_LIB=/tmp/rlib-timeroc python reference_outputs/survival/gbsg2_timeroc.py
"""

import os
from pathlib import Path

import numpy as np
import pandas as pd
from sksurv.datasets import load_gbsg2
from sksurv.linear_model import CoxPHSurvivalAnalysis

from weightedroc import rbridge

YEARS = [1, 2, 3, 4, 5]


def copies(X_test):
    """The vignette's integer case weights: 2 with hormonal therapy, else 1."""
    return np.where(X_test["horTh"] == 1, 2, 1)


def split():
    """The vignette's data: GBSG2 with numeric covariates, a seeded 60/40 split."""
    X, y = load_gbsg2()
    X = X.assign(
        horTh=(X["horTh"] == "yes").astype(float),
        menostat=(X["menostat"] == "Post").astype(float),
        tgrade=X["tgrade"].cat.codes.astype(float),
    )
    test = np.random.default_rng(2013).permutation(len(X)) < 0.4 * len(X)
    return X[~test], y[~test], X[test], y[test]


def main():
    X_train, y_train, X_test, y_test = split()
    model = CoxPHSurvivalAnalysis().fit(X_train, y_train)
    risk = model.predict(X_test)
    lib = os.environ["WEIGHTEDROC_R_LIB"]
    ro = rbridge.robjects()
    ro.r(f'suppressMessages({{library(survival); library(timeROC, lib.loc="{lib}")}})')
    times = [365.25 * k for k in YEARS]
    for key, value in (
        ("T", y_test["time"]),
        ("d", y_test["cens"].astype(float)),
        ("m", risk),
        ("tt", times),
    ):
        ro.globalenv[key] = ro.FloatVector(np.asarray(value, dtype=float))
    ro.r("r <- timeROC(T, d, m, cause=1, times=tt, iid=TRUE)")
    ro.globalenv["x"] = ro.r["as.matrix"](
        ro.FloatVector(X_test[["pnodes", "age"]].to_numpy().ravel(order="F"))
    )
    ro.r("dim(x) <- c(length(T), 2)")
    ro.r("rc <- timeROC(T, d, m, other_markers=x, cause=1, weighting='cox', times=tt)")
    rows = np.repeat(np.arange(len(risk)), copies(X_test))
    for key, value in (
        ("Tw", y_test["time"][rows]),
        ("dw", y_test["cens"][rows].astype(float)),
        ("mw", risk[rows]),
    ):
        ro.globalenv[key] = ro.FloatVector(np.asarray(value, dtype=float))
    ro.r("rw <- timeROC(Tw, dw, mw, cause=1, times=tt, iid=TRUE)")
    frame = pd.DataFrame(
        {
            "time": times,
            "auc": np.array(ro.r("as.numeric(r$AUC)")),
            "std_error": np.array(ro.r("as.numeric(r$inference$vect_sd_1)")),
            "auc_cox": np.array(ro.r("as.numeric(rc$AUC)")),
            "auc_repeated": np.array(ro.r("as.numeric(rw$AUC)")),
            "std_error_repeated": np.array(ro.r("as.numeric(rw$inference$vect_sd_1)")),
        }
    )
    frame.to_csv(Path(__file__).with_name("gbsg2_timeroc.csv"), index=False, float_format="%.17g")
    print(frame)


if __name__ == "__main__":
    main()
