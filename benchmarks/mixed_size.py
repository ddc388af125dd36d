"""Size and power of roc_test on a smoothed curve beside a raw one, by simulation.

pROC's ``roc.test(smooth(roc1), roc2, method = "bootstrap")`` compares the
binormal smoothed AUC of one marker with the empirical AUC of another;
`weightedroc.roc_test(smooth_roc(g1, y), g2, label=y, method="bootstrap")`
does the same, each bootstrap replicate smoothed again on its rows on one
side and read as their empirical curve on the other.

Two markers of the same rows, binormal within each class (negatives
N(0, 1), positives N(mu, 1), correlation rho within each class), so both
estimators aim at the same AUC Phi(mu / sqrt 2) when mu1 = mu2: the share
of p-values under 0.05 is the test's size; with mu1 != mu2 its power.
"importance" draws weights 1-4 per row independent of the scores (the
weighted AUCs estimate the same AUC).  Also: the replicates' sd of the
difference of the two estimates against the mean bootstrap std_error.

    python benchmarks/mixed_size.py             # 300 replicates a setting
    python benchmarks/mixed_size.py --quick     # 40, to try it

Writes benchmarks/results/mixed_size.md.
"""

import argparse
import time
import warnings
from math import erf, sqrt
from pathlib import Path

import numpy as np

import weightedroc as wr

RESULTS = Path(__file__).parent / "results"
N_BOOT = 200
# (setting, negatives, positives, mu1 (smoothed), mu2 (raw), rho, weights, paired)
SETTINGS = [
    ("null, 50 + 50", 50, 50, 1.0, 1.0, 0.5, "unit", True),
    ("null, 100 + 60", 100, 60, 1.0, 1.0, 0.5, "unit", True),
    ("null, 100 + 60, importance weights", 100, 60, 1.0, 1.0, 0.5, "importance", True),
    ("null, 100 + 60, unpaired", 100, 60, 1.0, 1.0, 0.0, "unit", False),
    ("power, 100 + 60, AUC 0.76 vs 0.87", 100, 60, 1.0, 1.6, 0.5, "unit", True),
]


def auc(mu):
    return 0.5 * (1 + erf(mu / sqrt(2) / sqrt(2)))


def sample(rng, n0, n1, mu1, mu2, rho):
    y = np.r_[np.zeros(n0, int), np.ones(n1, int)]
    z = rng.multivariate_normal([0, 0], [[1, rho], [rho, 1]], size=n0 + n1)
    return z[:, 0] + mu1 * y, z[:, 1] + mu2 * y, y


def run(setting, replicates, seed):
    name, n0, n1, mu1, mu2, rho, weights, paired = setting
    rng = np.random.default_rng(seed)
    p, diffs, errors, started = [], [], [], time.perf_counter()
    for k in range(replicates):
        g1, g2, y = sample(rng, n0, n1, mu1, mu2, rho)
        w = rng.integers(1, 5, len(y)).astype(float) if weights == "importance" else None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if paired:
                test = wr.roc_test(wr.smooth_roc(g1, y, w), g2, y, w, method="bootstrap",
                                   n_boot=N_BOOT, seed=k)  # fmt: skip
            else:
                h1, h2, y2 = sample(rng, n0, n1, mu1, mu2, rho)
                test = wr.roc_test(wr.smooth_roc(g1, y, w), h2, y2, label2=y2, paired=False,
                                   method="bootstrap", n_boot=N_BOOT, seed=k)  # fmt: skip
        a1, a2 = test.estimate.values()
        p.append(test.p_value)
        diffs.append(a1 - a2)
        errors.append(test.std_error)
    seconds = (time.perf_counter() - started) / replicates
    p = np.array(p)
    return {
        "setting": name,
        "weights": weights,
        "paired": paired,
        "true AUCs": f"{auc(mu1):.3f} / {auc(mu2):.3f}",
        "mean difference": f"{np.mean(diffs):+.4f}",
        "sd of difference": f"{np.std(diffs, ddof=1):.4f}",
        "mean std_error": f"{np.mean(errors):.4f}",
        "rejection at 5%": f"{np.mean(p < 0.05):.3f}",
        "replicates": replicates,
        "s a test": f"{seconds:.2f}",
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--replicates", type=int, default=300)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    replicates = 40 if args.quick else args.replicates
    rows = [run(s, replicates, seed) for seed, s in enumerate(SETTINGS)]
    half = 1.96 * sqrt(0.05 * 0.95 / replicates)
    lines = [
        "# Size and power of roc_test: a smoothed curve beside a raw one",
        "",
        f"Made by `python benchmarks/mixed_size.py` ({replicates} replicates a setting, "
        f"n_boot={N_BOOT}; a true size of 0.05 shows as 0.05 +- {half:.3f}). The first "
        "marker's binormal smoothed AUC against the second's empirical AUC "
        '(`roc_test(smooth_roc(g1, y), g2, label=y, method="bootstrap")`, pROC\'s '
        "`roc.test(smooth(r1), r2)`), binormal markers correlated rho = 0.5 within class "
        "(unpaired: other rows). Machine shared with other jobs; times are indicative.",
        "",
        "| " + " | ".join(rows[0]) + " |",
        "|" + "---|" * len(rows[0]),
    ]
    lines += ["| " + " | ".join(str(v) for v in row.values()) + " |" for row in rows]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "mixed_size.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
