"""Coverage of time_auc's 95% intervals with importance (sampling) weights
and with a stratified design (``design=``).

The population of `time_auc_coverage.py` (marker M ~ N(0, 1); causes with
hazards 0.08 exp(M) and 0.04; uniform censoring on (0, 25)).  Each data
set is a stratified Poisson sample of it: subjects with M > 0.5 (a third
of the population) are drawn with probability 3 p, the others with p, so
that the high-marker stratum is oversampled about 3 times; the weights
are 1 / probability.  The true AUC(t) (definitions 1 and 2) comes from 2
million uncensored subjects, as in `time_auc_coverage.py`.  Three
intervals per data set: the importance-weight linearization
(``weight=``, weights_are="importance"), the stratified design's
(``design=SurveyDesign(strata=...)``: survey's svyrecvar), and, for
contrast, the unweighted timeROC interval (which targets the sample's
distorted population, not the population's AUC).

    nice -n 10 python benchmarks/time_auc_weighted_coverage.py [--reps 1000]

Writes benchmarks/results/time_auc_weighted_coverage.csv and .md.
"""

import argparse
import time as clock
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from time_auc_coverage import TIMES, markdown, simulate, truth

from weightedroc import SurveyDesign, time_auc

RESULTS = Path(__file__).parent / "results"


def sample(n_expected, rng):
    """A stratified Poisson sample of about `n_expected` rows: (time, event,
    marker, weight, stratum)."""
    n_pop = 6 * n_expected
    time, event, marker = simulate(n_pop, rng)
    high = marker > 0.5
    p = n_expected / (3 * high.sum() + (~high).sum())
    prob = np.where(high, 3 * p, p)
    keep = rng.random(n_pop) < prob
    return time[keep], event[keep], marker[keep], 1 / prob[keep], high[keep].astype(int)


def one(n, rng):
    time, event, marker, weight, stratum = sample(n, rng)
    args = dict(times=TIMES, cause=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        imp = time_auc(time, event, marker, weight=weight, **args)
        des = time_auc(
            time, event, marker, weight=weight, design=SurveyDesign(strata=stratum), **args
        )
        raw = time_auc(time, event, marker, **args)
    return imp, des, raw


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 1000])
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    true = truth(rng)
    start = clock.time()
    rows = []
    for n in args.sizes:
        tables = {"importance": [], "design (strata)": [], "unweighted": []}
        for _ in range(args.reps):
            for name, table in zip(tables, one(n, rng)):
                tables[name].append(table)
        for name, frames in tables.items():
            all_ = pd.concat(frames).merge(true, on=["time", "definition"])
            all_["covered"] = (all_.conf_low <= all_.true_auc) & (all_.true_auc <= all_.conf_high)
            for (t, definition), g in all_.groupby(["time", "definition"]):
                g = g.dropna(subset=["std_error"])
                rows.append(
                    {
                        "n": n,
                        "interval": name,
                        "time": t,
                        "definition": definition,
                        "true_auc": round(float(g.true_auc.iloc[0]), 4),
                        "coverage": round(float(g.covered.mean()), 3),
                        "mean_se": round(float(g.std_error.mean()), 4),
                        "sd_auc": round(float(g.auc.std()), 4),
                        "reps": len(g),
                    }
                )
    frame = pd.DataFrame(rows)
    RESULTS.mkdir(exist_ok=True)
    frame.to_csv(RESULTS / "time_auc_weighted_coverage.csv", index=False)
    mc = 1.96 * np.sqrt(0.95 * 0.05 / args.reps)
    lines = [
        "# Coverage of time_auc's 95% intervals with sampling weights",
        "",
        f"{args.reps} stratified Poisson samples per size (benchmarks/"
        "time_auc_weighted_coverage.py, seed "
        f"{args.seed}); Monte Carlo error of a coverage of 0.95: +/- {mc:.3f} (95%). "
        "`mean_se` is the mean standard error, `sd_auc` the standard deviation of the "
        "estimates: they should agree.  The unweighted interval targets the AUC of the "
        "oversampled sample, not the population's.",
        f"Run time: {clock.time() - start:.0f} s.",
        "",
        *markdown(frame),
        "",
    ]
    (RESULTS / "time_auc_weighted_coverage.md").write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
