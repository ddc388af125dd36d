"""Speed of the bootstrap methods of issue 22 against pROC (through rpy2):
var and cov with method = "bootstrap", roc.test with method =
"specificity", and ci.coords (a threshold and "best"), stratified or not,
2000 replicates each, on 100 and 1000 observations.

R is timed inside R (``proc.time`` around the call, on curves already
built), so the conversion through rpy2 is not counted.  Each time is the
fastest of a few calls after an untimed one; pROC's slowest calls run once.

    python benchmarks/bootstrap_methods_speed.py [--sizes 100 1000] [--rounds 3]

Writes benchmarks/results/bootstrap_methods_speed.csv and prints it.
"""

import argparse
import functools
from pathlib import Path

import numpy as np
import pandas as pd
from timing import R_BEST_TIME, best_time

import weightedroc as wr
from weightedroc import rbridge

RESULTS = Path(__file__).parent / "results"
N_BOOT = 2000
R_TIMER = (
    """function(g1, g2, y, call, rounds) {
  r1 <- pROC::roc(y, g1, levels = c(0, 1), direction = "<", quiet = TRUE)
  r2 <- pROC::roc(y, g2, levels = c(0, 1), direction = "<", quiet = TRUE)
  run <- eval(parse(text = paste("function()", call)))
"""
    + R_BEST_TIME
)


def cases(stratified):
    """(name, pROC call, our call) of each timed function."""
    s = str(stratified).upper()
    boot = f'boot.n = {N_BOOT}, boot.stratified = {s}, progress = "none"'
    ours = dict(n_boot=N_BOOT, seed=1, stratified=stratified)
    return [
        (
            "var",
            f'pROC::var(r1, method = "bootstrap", {boot})',
            lambda g1, g2, y: wr.auc_var(g1, y, method="bootstrap", **ours),
        ),
        (
            "var pAUC",
            f'pROC::var(pROC::auc(r1, partial.auc = c(1, .8)), method = "bootstrap", {boot})',
            lambda g1, g2, y: wr.auc_var(g1, y, method="bootstrap", fpr_range=(0, 0.2), **ours),
        ),
        (
            "cov",
            f'pROC::cov(r1, r2, method = "bootstrap", {boot})',
            lambda g1, g2, y: wr.auc_cov(g1, g2, y, method="bootstrap", **ours),
        ),
        (
            "roc.test specificity",
            f'pROC::roc.test(r1, r2, method = "specificity", specificity = 0.9, {boot})',
            lambda g1, g2, y: wr.roc_test(g1, g2, y, method="specificity", specificity=0.9, **ours),
        ),
        (
            "ci.coords threshold",
            f'pROC::ci.coords(r1, x = 0.5, input = "threshold", {boot})',
            lambda g1, g2, y: wr.ci_coords(g1, y, x=[0.5], **ours),
        ),
        (
            "ci.coords best",
            f'pROC::ci.coords(r1, x = "best", best.policy = "random", {boot})',
            lambda g1, g2, y: wr.ci_coords(g1, y, x="best", best_policy="random", **ours),
        ),
    ]


def data(n, seed=1):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(np.int64)
    y[:2] = [0, 1]
    g1 = np.round(rng.normal(size=n) + y, 2)  # ties, as real scores have
    g2 = rng.normal(size=n) + 0.8 * y
    return g1, g2, y


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ok, reason = rbridge.r_available("pROC")
    if ok:
        import rpy2.robjects as ro

        timer = ro.r(R_TIMER)
    else:
        print(f"pROC not timed: {reason}")
    rows = []
    for n in args.sizes:
        g1, g2, y = data(n)
        for stratified in (True, False):
            for name, call, ours in cases(stratified):
                mine = best_time(functools.partial(ours, g1, g2, y), args.rounds)
                theirs = np.nan
                if ok:
                    vectors = [ro.FloatVector(v.astype(float).tolist()) for v in (g1, g2, y)]
                    theirs = float(timer(*vectors, call, 1)[0])
                rows.append(
                    {
                        "n": n,
                        "function": name,
                        "stratified": stratified,
                        "n_boot": N_BOOT,
                        "weightedroc_s": float(f"{mine:.4g}"),
                        "pROC_s": float(f"{theirs:.4g}"),
                        "ratio": float(f"{theirs / mine:.4g}"),
                    }
                )
                print(rows[-1], flush=True)
    table = pd.DataFrame(rows)
    RESULTS.mkdir(exist_ok=True)
    table.to_csv(RESULTS / "bootstrap_methods_speed.csv", index=False)
    print(table.to_string(index=False))


if __name__ == "__main__":
    main()
