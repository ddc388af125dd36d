"""Coverage of 95% intervals of the weighted multiclass AUC, by simulation.

`multiclass_auc_ci`'s variance (a jackknife of the exact leave-one-out
changes, stratified by class; weightedroc/inference/multiclass.py) is new:
pROC has none for multiclass.roc.  This checks it.

Population: three classes; score column k is N(1, 1) for class k and
N(0, 1) for the others, each column drawn independently, so every pairwise
AUC A(i|j), every one-vs-rest AUC and therefore Hand and Till's M and the
one-vs-rest average (macro or weighted) are Phi(1 / sqrt 2) = 0.7602.
Importance weights as in benchmarks/inference_coverage.py: each row is
drawn from a proposal shifted by c in every column and weighted back by
the density ratio w = exp(-c (e_1 + e_2 + e_3) - 3 c^2 / 2) (e the standard
normal noise of the row's draws): log-normal weights with sd c sqrt 3,
whose weighted AUCs estimate the population's.  c = 0: unit weights.

    python benchmarks/multiclass_coverage.py           # 1000 replicates a setting
    python benchmarks/multiclass_coverage.py --quick   # 200

Writes benchmarks/results/multiclass_coverage.md.
"""

import argparse
import time
import warnings
from math import erf
from pathlib import Path

import numpy as np
import pandas as pd

from weightedroc import multiclass_auc_ci

RESULTS = Path(__file__).parent / "results"
TRUE_AUC = 0.5 * (1 + erf(0.5))  # Phi(1 / sqrt 2)
# (setting, rows of each class, weight shift c)
SETTINGS = [
    ("unit weights, 3 x 30", (30, 30, 30), 0.0),
    ("unit weights, 3 x 100", (100, 100, 100), 0.0),
    ("unit weights, 30 / 100 / 300", (30, 100, 300), 0.0),
    ("skewed weights (sd 0.5), 3 x 100", (100, 100, 100), 0.5 / 3**0.5),
    ("skewed weights (sd 1), 3 x 300", (300, 300, 300), 1 / 3**0.5),
    ("skewed weights (sd 1), 30 / 100 / 300", (30, 100, 300), 1 / 3**0.5),
]
CALLS = [("hand_till", "macro"), ("hand_till", "weighted"), ("ovr", "macro"), ("ovr", "weighted")]


def sample(rng, sizes, shift):
    """(scores, label, weight or None) of one replicate."""
    label = np.repeat(np.arange(len(sizes)), sizes)
    noise = rng.standard_normal((len(label), len(sizes)))
    scores = noise + shift + (label[:, None] == np.arange(len(sizes)))
    if shift == 0:
        return scores, label, None
    weight = np.exp(-shift * noise.sum(axis=1) - len(sizes) * shift**2 / 2)
    return scores, label, weight


def run(replicates, seed):
    rng = np.random.default_rng(seed)
    rows = []
    for setting, sizes, shift in SETTINGS:
        hits = {call: [] for call in CALLS}
        estimates = {call: [] for call in CALLS}
        widths = {call: [] for call in CALLS}
        warned = 0
        for _ in range(replicates):
            scores, label, weight = sample(rng, sizes, shift)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                for method, average in CALLS:
                    ci = multiclass_auc_ci(scores, label, weight, method=method, average=average)
                    hits[method, average].append(ci.conf_low <= TRUE_AUC <= ci.conf_high)
                    estimates[method, average].append(ci.estimate)
                    widths[method, average].append(ci.conf_high - ci.conf_low)
            warned += bool(caught)
        for call in CALLS:
            rows.append(
                {
                    "setting": setting,
                    "method": call[0],
                    "average": call[1],
                    "replicates": replicates,
                    "coverage": np.mean(hits[call]),
                    "mean width": np.mean(widths[call]),
                    "sd of estimates": np.std(estimates[call], ddof=1),
                    "bias": np.mean(estimates[call]) - TRUE_AUC,
                    "warned": warned / replicates,
                }
            )
    return pd.DataFrame(rows)


def markdown(table):
    """A markdown table (floats to 4 places), without tabulate."""

    def cell(value):
        return f"{value:.4f}" if isinstance(value, float) else str(value)

    lines = ["| " + " | ".join(table.columns) + " |", "|" + "---|" * len(table.columns)]
    lines += [
        "| " + " | ".join(cell(v) for v in row) + " |" for row in table.itertuples(index=False)
    ]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200 replicates a setting")
    parser.add_argument("--replicates", type=int, default=None)
    parser.add_argument("--seed", type=int, default=20261124)
    parser.add_argument("--out", type=Path, default=RESULTS / "multiclass_coverage.md")
    args = parser.parse_args()
    replicates = args.replicates or (200 if args.quick else 1000)
    start = time.perf_counter()
    table = run(replicates, args.seed)
    seconds = time.perf_counter() - start
    # Binomial standard error of a coverage of 0.95 with this many replicates.
    se = (0.95 * 0.05 / replicates) ** 0.5
    text = (
        "# Coverage of multiclass_auc_ci's 95% intervals\n\n"
        f"Made by benchmarks/multiclass_coverage.py (seed {args.seed}, "
        f"{replicates} replicates a setting, {seconds:.0f} s). True AUC "
        f"{TRUE_AUC:.4f} for every method and average. A coverage's binomial "
        f"standard error is {se:.4f} at 0.95. The quantile is the default "
        "('auto': normal for unit weights, Student t with Satterthwaite's degrees "
        "of freedom for importance weights); 'warned' is the share of samples "
        "where the Kish warning fired.\n\n" + markdown(table)
    )
    args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
