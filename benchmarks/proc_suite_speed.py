"""Speed of issue 32's functions against pROC (through rpy2), side by side.

smooth() with methods "density", "fitdistr" (normal, and the optimised
logistic), "logcondens" and "logcondens.smooth"; coords() of a curve with a
partial AUC ("all" and "best"); ci.thresholds(thresholds = "best" | "local
maximas") with 2000 replicates; multiclass.roc(partial.auc =) of a score
matrix; are.paired() of curves with missing values.  Where pROC reads a
curve built beforehand (coords, are.paired), both are timed: pROC on its
built curve against ours on a built `WeightedROC` frame (coords) or on the
data (are_paired takes data only), and both from the data.

R is timed inside R (``proc.time`` around enough calls to last 50 ms; pROC's
curves are built beforehand, ours are computed from the data, a handicap
for us), so the conversion through rpy2 is not counted; ours the same way
in Python (`timing.best_rate`).  Each time is the fastest of a few rounds
after an untimed call.  The machine is shared: read the ratios, which
are measured side by side in one process.

    python benchmarks/proc_suite_speed.py [--sizes 100 1000] [--rounds 3] [--part 1|2]

Part 2 (``--part 2``) times the second part of issue 32: coords, partial
areas and the bootstraps (ci.auc, var, cov, roc.test, ci.se, ci.coords) of
smoothed curves, each replicate smoothed again ({SMOOTH_BOOT} replicates),
and roc.test and cov with a partial area per curve.

Writes benchmarks/results/proc_suite_speed.csv (part 2: _2.csv) and prints
the table; the .md is written by hand from it.
"""

import argparse
import functools
from pathlib import Path

import numpy as np
import pandas as pd
from timing import best_rate

import weightedroc as wr
from weightedroc import rbridge

RESULTS = Path(__file__).parent / "results"
N_BOOT = 2000
SMOOTH_BOOT = 500  # pROC re-smooths each replicate: fewer, to keep a run short
R_TIMER = """function(g1, g2, y, scores, y3, call, rounds) {
  r1 <- pROC::roc(y, g1, levels = c(0, 1), direction = "<", quiet = TRUE)
  r2 <- pROC::roc(y, g2, levels = c(0, 1), direction = "<", quiet = TRUE)
  rp <- pROC::roc(y, g1, levels = c(0, 1), direction = "<", quiet = TRUE,
                  partial.auc = c(0.99, 0.9))
  gm <- g1; gm[seq(1, length(gm), by = 7)] <- NA
  rm <- pROC::roc(y, gm, levels = c(0, 1), direction = "<", quiet = TRUE)
  m <- matrix(scores, ncol = 3, dimnames = list(NULL, c("a", "b", "c")))
  s1 <- pROC::smooth(r1); s2 <- pROC::smooth(r2); s1d <- pROC::smooth(r1, method = "density")
  q1 <- pROC::roc(y, g1, levels = c(0, 1), direction = "<", quiet = TRUE, partial.auc = c(1, 0.9))
  q2 <- pROC::roc(y, g2, levels = c(0, 1), direction = "<", quiet = TRUE, partial.auc = c(1, 0.8))
  run <- eval(parse(text = paste("function()", call)))
  run()
  reps <- 1  # enough calls per timing to be well above proc.time's millisecond
  repeat {
    t <- proc.time()[["elapsed"]]; for (i in seq_len(reps)) run()
    if (proc.time()[["elapsed"]] - t > 0.05 || reps >= 10000) break
    reps <- reps * 10
  }
  best <- Inf
  for (k in seq_len(rounds)) {
    t <- proc.time()[["elapsed"]]; for (i in seq_len(reps)) run()
    best <- min(best, (proc.time()[["elapsed"]] - t) / reps)
  }
  best
}"""


PARTIAL_ROC = (
    'pROC::roc(y, g1, levels = c(0, 1), direction = "<", quiet = TRUE, partial.auc = c(0.99, 0.9))'
)
MISSING_ROC = 'pROC::roc(y, gm, levels = c(0, 1), direction = "<", quiet = TRUE)'
SECOND_ROC = 'pROC::roc(y, g2, levels = c(0, 1), direction = "<", quiet = TRUE)'


def cases():
    """(name, pROC call, our call) of each timed function."""
    boot = f'boot.n = {N_BOOT}, progress = "none"'
    ours = dict(n_boot=N_BOOT, seed=1)
    return [
        (
            "smooth density",
            'pROC::smooth(r1, method = "density")',
            lambda d: wr.smooth_roc(d["g1"], d["y"], method="density"),
        ),
        (
            "smooth fitdistr normal",
            'pROC::smooth(r1, method = "fitdistr")',
            lambda d: wr.smooth_roc(d["g1"], d["y"], method="fitdistr"),
        ),
        (
            "smooth fitdistr logistic",
            'pROC::smooth(r1, method = "fitdistr", density = "logistic")',
            lambda d: wr.smooth_roc(
                d["g1"],
                d["y"],
                method="fitdistr",
                distribution_controls="logistic",
                distribution_cases="logistic",
            ),
        ),
        (
            "smooth logcondens",
            'pROC::smooth(r1, method = "logcondens")',
            lambda d: wr.smooth_roc(d["g1"], d["y"], method="logcondens"),
        ),
        (
            "smooth logcondens.smooth",
            'pROC::smooth(r1, method = "logcondens.smooth")',
            lambda d: wr.smooth_roc(d["g1"], d["y"], method="logcondens_smooth"),
        ),
        (
            "coords partial all, built curve",
            'pROC::coords(rp, "all")',
            lambda d: wr.coords(d["roc"], "all", fpr_range=(0.01, 0.1)),
        ),
        (
            "coords partial best, built curve",
            'pROC::coords(rp, "best")',
            lambda d: wr.coords(d["roc"], "best", fpr_range=(0.01, 0.1)),
        ),
        (
            "coords partial all, from data",
            f'pROC::coords({PARTIAL_ROC}, "all")',
            lambda d: wr.coords((d["g1"], d["y"]), "all", fpr_range=(0.01, 0.1)),
        ),
        (
            "coords partial best, from data",
            f'pROC::coords({PARTIAL_ROC}, "best")',
            lambda d: wr.coords((d["g1"], d["y"]), "best", fpr_range=(0.01, 0.1)),
        ),
        (
            "ci.thresholds best",
            f'pROC::ci.thresholds(r1, thresholds = "best", {boot})',
            lambda d: wr.ci_thresholds(d["g1"], d["y"], thresholds="best", **ours),
        ),
        (
            "ci.thresholds local maximas",
            f'pROC::ci.thresholds(r1, thresholds = "local maximas", {boot})',
            lambda d: wr.ci_thresholds(d["g1"], d["y"], thresholds="local_maxima", **ours),
        ),
        (
            "multiclass.roc partial",
            "pROC::multiclass.roc(y3, m, partial.auc = c(1, 0.9), quiet = TRUE)",
            lambda d: wr.multiclass_auc(d["scores"], d["y3"], tpr_range=(0.9, 1)),
        ),
        (
            "are.paired missing, built curves",
            "pROC::are.paired(rm, r2)",
            lambda d: wr.are_paired(d["gm"], d["g2"], d["y"]),
        ),
        (
            "are.paired missing, from data",
            f"pROC::are.paired({MISSING_ROC}, {SECOND_ROC})",
            lambda d: wr.are_paired(d["gm"], d["g2"], d["y"]),
        ),
    ]


def smooth_cases():
    """(name, pROC call, our call) of part 2: smoothed curves everywhere and
    per-curve partial areas (pROC's smooth objects built beforehand, ours
    too: `smooth_roc` frames)."""
    boot = f'boot.n = {SMOOTH_BOOT}, progress = "none"'
    ours = dict(n_boot=SMOOTH_BOOT, seed=1)
    return [
        ("smoothed coords all", 'pROC::coords(s1, "all")', lambda d: wr.coords(d["s1"], "all")),
        ("smoothed coords best", 'pROC::coords(s1, "best")', lambda d: wr.coords(d["s1"], "best")),
        (
            "smoothed coords at specificities",
            'pROC::coords(s1, c(.5, .9), input = "specificity")',
            lambda d: wr.coords(d["s1"], [0.5, 0.9], input="specificity"),
        ),
        (
            "smoothed partial auc",
            "pROC::auc(s1, partial.auc = c(1, .8))",
            lambda d: wr.partial_auc(d["s1"], fpr_range=(0, 0.2)),
        ),
        (
            f"smoothed ci.auc binormal ({SMOOTH_BOOT})",
            f'pROC::ci.auc(s1, method = "bootstrap", {boot})',
            lambda d: wr.auc_ci(d["s1"], method="bootstrap", **ours),
        ),
        (
            f"smoothed ci.auc density ({SMOOTH_BOOT})",
            f'pROC::ci.auc(s1d, method = "bootstrap", {boot})',
            lambda d: wr.auc_ci(d["s1d"], method="bootstrap", **ours),
        ),
        (
            f"smoothed var ({SMOOTH_BOOT})",
            f'pROC::var(s1, method = "bootstrap", {boot})',
            lambda d: wr.auc_var(d["s1"], method="bootstrap", **ours),
        ),
        (
            f"smoothed cov ({SMOOTH_BOOT})",
            f'pROC::cov(s1, s2, method = "bootstrap", {boot})',
            lambda d: wr.auc_cov(d["s1"], d["s2"], method="bootstrap", **ours),
        ),
        (
            f"smoothed roc.test bootstrap ({SMOOTH_BOOT})",
            f'pROC::roc.test(s1, s2, method = "bootstrap", {boot})',
            lambda d: wr.roc_test(d["s1"], d["s2"], method="bootstrap", **ours),
        ),
        (
            f"smoothed roc.test specificity ({SMOOTH_BOOT})",
            f'pROC::roc.test(s1, s2, method = "specificity", specificity = 0.9, {boot})',
            lambda d: wr.roc_test(d["s1"], d["s2"], method="specificity", specificity=0.9, **ours),
        ),
        (
            f"smoothed ci.se ({SMOOTH_BOOT})",
            f"pROC::ci.se(s1, {boot})",
            lambda d: wr.ci_se(d["s1"], **ours),
        ),
        (
            f"smoothed ci.coords ({SMOOTH_BOOT})",
            f'pROC::ci.coords(s1, x = .9, input = "specificity", ret = "sensitivity", {boot})',
            lambda d: wr.ci_coords(d["s1"], x=0.9, input="specificity", ret="sensitivity", **ours),
        ),
        (
            f"per-curve pAUC roc.test ({N_BOOT})",
            f'suppressWarnings(pROC::roc.test(q1, q2, method = "bootstrap", boot.n = {N_BOOT}, '
            'progress = "none"))',
            lambda d: wr.roc_test(
                d["g1"],
                d["g2"],
                d["y"],
                method="bootstrap",
                n_boot=N_BOOT,
                seed=1,
                fpr_range=((0, 0.1), (0, 0.2)),
            ),
        ),
        (
            f"per-curve pAUC cov ({N_BOOT})",
            f'suppressWarnings(pROC::cov(q1, q2, method = "bootstrap", boot.n = {N_BOOT}, '
            'progress = "none"))',
            lambda d: wr.auc_cov(
                d["g1"],
                d["g2"],
                d["y"],
                method="bootstrap",
                n_boot=N_BOOT,
                seed=1,
                fpr_range=((0, 0.1), (0, 0.2)),
            ),
        ),
    ]


def data(n, seed=1):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(np.int64)
    y[:2] = [0, 1]
    g1 = np.round(rng.normal(size=n) + y, 2)  # ties, as real scores have
    g2 = rng.normal(size=n) + 0.8 * y
    gm = g1.copy()
    gm[::7] = np.nan
    y3 = rng.choice(np.array(["a", "b", "c"]), n)
    y3[:3] = ["a", "b", "c"]
    scores = rng.dirichlet([1, 1, 1], n) + 0.3 * (y3[:, None] == np.array(["a", "b", "c"]))
    scores = pd.DataFrame(np.round(scores, 3), columns=["a", "b", "c"])
    roc = wr.WeightedROC(g1, y)
    s1, s2 = wr.smooth_roc(g1, y), wr.smooth_roc(g2, y)
    s1d = wr.smooth_roc(g1, y, method="density", old_coords=True)  # the R 4.2 timed
    return dict(g1=g1, g2=g2, y=y, gm=gm, y3=y3, scores=scores, roc=roc, s1=s1, s2=s2, s1d=s1d)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--part",
        choices=["1", "2"],
        default="1",
        help="1: smoothing methods, coords ranges, ci.thresholds... (proc_suite_speed.csv); "
        "2: smoothed curves everywhere, per-curve partial areas (proc_suite_speed_2.csv)",
    )
    parser.add_argument(
        "--only",
        nargs="+",
        default=None,
        help="time only the functions whose name holds one of these",
    )
    parser.add_argument("--out", default=None, help="the CSV to write (default: by part)")
    args = parser.parse_args()
    ok, reason = rbridge.r_available("pROC")
    if ok:
        import rpy2.robjects as ro

        timer = ro.r(R_TIMER)
        ro.r("suppressMessages({library(MASS); library(logcondens)})")
    else:
        print(f"pROC not timed: {reason}")
    rows = []
    for n in args.sizes:
        d = data(n)
        for name, call, ours in cases() if args.part == "1" else smooth_cases():
            if args.only and not any(word in name for word in args.only):
                continue
            mine = best_rate(functools.partial(ours, d), args.rounds)
            theirs = np.nan
            if ok:
                vectors = [ro.FloatVector(d[k].astype(float).tolist()) for k in ("g1", "g2", "y")]
                scores = ro.FloatVector(d["scores"].to_numpy().T.ravel().tolist())
                y3 = ro.StrVector(d["y3"].tolist())
                theirs = float(timer(*vectors, scores, y3, call, args.rounds)[0])
            rows.append(
                {
                    "n": n,
                    "function": name,
                    "weightedroc_s": float(f"{mine:.4g}"),
                    "pROC_s": float(f"{theirs:.4g}"),
                    "ratio": float(f"{theirs / mine:.4g}"),
                }
            )
            print(rows[-1], flush=True)
    table = pd.DataFrame(rows)
    RESULTS.mkdir(exist_ok=True)
    suffix = "" if args.part == "1" else "_2"
    table.to_csv(args.out or RESULTS / f"proc_suite_speed{suffix}.csv", index=False)
    print(table.to_string(index=False))


if __name__ == "__main__":
    main()
