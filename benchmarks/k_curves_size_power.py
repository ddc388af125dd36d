"""Size and power of roc_test of K curves (DeLong and Clarke-Pearson's
omnibus chi-square, and the Holm-adjusted pairwise tests) by simulation.

Binormal markers of the same rows, correlated within each class (rho),
with AUCs set through their means (AUC = Phi(mu / sqrt 2)); under the null
every marker has AUC 0.75.  Settings: unit weights, importance weights
(log-normal, independent of the data), frequency weights (the scores
rounded to a grid of 0.5 and identical rows counted once), the
bootstrap (200 replicates), and a stratified cluster design (20 strata x 2
PSUs, linearization, the Wald chi-square and survey's F).  The table gives
the rejection rate at the 5% level of the omnibus test and the rate of any
Holm-adjusted pairwise rejection (family-wise error under the null), with
the Monte Carlo standard error sqrt(p (1 - p) / reps).

    nice -n 10 python benchmarks/k_curves_size_power.py [reps]

writes benchmarks/results/k_curves_size_power.md.
"""

import sys
import time
import warnings
from pathlib import Path

import numpy as np
from scipy.stats import norm

from weightedroc import roc_test
from weightedroc.survey.design import SurveyDesign

OUT = Path(__file__).parent / "results" / "k_curves_size_power.md"


def draw(rng, aucs, n_pos, n_neg, rho):
    k = len(aucs)
    cov = np.full((k, k), rho) + (1 - rho) * np.eye(k)
    mu = np.sqrt(2) * norm.ppf(aucs)
    neg = rng.multivariate_normal(np.zeros(k), cov, n_neg)
    pos = rng.multivariate_normal(mu, cov, n_pos)
    G = np.r_[pos, neg]
    y = np.r_[np.ones(n_pos, bool), np.zeros(n_neg, bool)]
    return G, y


def one(rng, setting, aucs, n):
    G, y = draw(rng, aucs, n, n, 0.5)
    kw = {}
    if setting == "importance weights":
        kw["weight"] = rng.lognormal(sigma=0.5, size=len(y))
    elif setting == "frequency weights":  # identical rows (scores on a grid) counted once
        rows, counts = np.unique(np.c_[y, np.round(G * 2) / 2], axis=0, return_counts=True)
        y, G = rows[:, 0] == 1, rows[:, 1:]
        kw.update(weight=counts.astype(float), weights_are="frequency")
    elif setting == "bootstrap (200)":
        kw.update(method="bootstrap", n_boot=200, seed=int(rng.integers(2**31)))
    elif setting.startswith("design"):
        order = rng.permutation(len(y))
        G, y = G[order], y[order]
        strata = np.arange(len(y)) % 20
        cluster = (np.arange(len(y)) // 20) % 2
        kw.update(
            weight=rng.uniform(1, 4, len(y)),
            design=SurveyDesign(cluster=cluster, strata=strata, nest=True),
            quantile="t" if "F" in setting else "auto",
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        test = roc_test(G, label=y, **kw)
    return test.p_value < 0.05, bool((test.pairwise["p_holm"] < 0.05).any())


SETTINGS = [
    "unit weights",
    "importance weights",
    "frequency weights",
    "bootstrap (200)",
    "design, chi-square",
    "design, F",
]
SCENARIOS = [
    ("null, K = 3", (0.75, 0.75, 0.75)),
    ("null, K = 4", (0.75, 0.75, 0.75, 0.75)),
    ("0.75, 0.75, 0.85", (0.75, 0.75, 0.85)),
    ("0.70, 0.75, 0.80, 0.85", (0.70, 0.75, 0.80, 0.85)),
]


def main(reps=1000, n=60):
    rng = np.random.default_rng(20261128)
    lines = [
        "# roc_test of K curves: size and power at the 5% level",
        "",
        f"{reps} samples of {n} positives and {n} negatives per cell (bootstrap: "
        f"{reps // 4}), binormal markers with within-class correlation 0.5; "
        "`benchmarks/k_curves_size_power.py`.  Omnibus: DeLong and Clarke-Pearson's "
        "chi-square (K - 1 df), or under the design survey's F; pairwise: any "
        "Holm-adjusted pair rejected.  Monte Carlo standard error in brackets.",
        "",
        "| AUCs | setting | omnibus | any pair (Holm) |",
        "|---|---|---|---|",
    ]
    start = time.time()
    for name, aucs in SCENARIOS:
        for setting in SETTINGS:
            r = reps // 4 if setting.startswith("bootstrap") else reps
            hits = np.array([one(rng, setting, aucs, n) for _ in range(r)])
            cells = []
            for p in hits.mean(axis=0):
                cells.append(f"{p:.3f} ({np.sqrt(p * (1 - p) / r):.3f})")
            lines.append(f"| {name} | {setting} | {cells[0]} | {cells[1]} |")
            print(lines[-1], flush=True)
    lines += ["", f"Run time {time.time() - start:.0f} s."]
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
