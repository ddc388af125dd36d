"""Size and power of the resampling tests of two ROC curves, by simulation.

    python benchmarks/inference_resampling.py [--quick] [--seed 1] [--out DIR]

Binormal scores (controls N(0, 1), cases N(mu, sigma)), n_pos = n_neg = 50:

* ``H0 paired``: two scores of the same observations, the same binormal
  curve, correlation 0.5 between them: the rate of rejection at 5% is the
  size of each test.
* ``H0 paired weighted``: the same, with importance weights (exponential,
  independent of the scores), weights_are="importance".
* ``H0 unpaired``: two independent samples from the same curve.
* ``crossing``: the same AUC (0.760), crossing curves: curve 1 mu = 1,
  sigma = 1; curve 2 sigma = 2, mu = sqrt(5 / 2).  The AUC bootstrap test
  has no power by construction (its H0, equal AUCs, holds); Venkatraman's
  test, which compares whole curves, should reject.
* ``shifted``: curve 2 has mu = 1.6 (AUC 0.874 against 0.760): both should
  have power.

Writes ``inference_resampling.csv`` (one row per scenario and test: the
rejection rate and its Monte Carlo standard error) to ``--out`` (default
benchmarks/results) and prints it.  Full run: about 2-3 minutes of one core;
``--quick``: well under a minute.
"""

import argparse
import time
from pathlib import Path

import numpy as np
import pandas as pd

from weightedroc.inference.resampling import bootstrap_test, venkatraman_test

N = 50


def scores(rng, label, mu, sigma, noise):
    return np.where(label, mu + sigma * noise, noise)


def scenario(name, rng):
    """(guess1, guess2, label, weight, label2, paired) of one simulated data set."""
    label = np.repeat([False, True], N)
    z1, z2 = rng.normal(size=(2, 2 * N))
    correlated = 0.5 * z1 + np.sqrt(0.75) * z2
    if name == "H0 unpaired":
        return (
            scores(rng, label, 1, 1, z1),
            scores(rng, label, 1, 1, z2),
            label,
            None,
            label,
            False,
        )
    weight = rng.exponential(size=2 * N) if name == "H0 paired weighted" else None
    mu2, sigma2 = {"crossing": (np.sqrt(2.5), 2.0), "shifted": (1.6, 1.0)}.get(name, (1, 1))
    return (
        scores(rng, label, 1, 1, z1),
        scores(rng, label, mu2, sigma2, correlated),
        label,
        weight,
        None,
        True,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 data sets, 200 replicates")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results"))
    args = parser.parse_args()
    n_sim, n_boot = (100, 200) if args.quick else (400, 500)
    rng = np.random.default_rng(args.seed)
    rows = []
    names = ["H0 paired", "H0 paired weighted", "H0 unpaired", "crossing", "shifted"]
    for name in names:
        start = time.process_time()
        rejected = {"bootstrap": 0, "venkatraman": 0}
        for _ in range(n_sim):
            g1, g2, label, weight, label2, paired = scenario(name, rng)
            for test, function in (
                ("bootstrap", bootstrap_test),
                ("venkatraman", venkatraman_test),
            ):
                result = function(
                    g1, g2, label, weight, label2=label2, paired=paired, n_boot=n_boot, seed=rng
                )
                rejected[test] += result.p_value < 0.05
        for test, count in rejected.items():
            rate = count / n_sim
            rows.append(
                {
                    "scenario": name,
                    "test": test,
                    "paired": paired,
                    "weighted": weight is not None,
                    "n_pos": N,
                    "n_neg": N,
                    "n_sim": n_sim,
                    "n_boot": n_boot,
                    "rejection_rate": rate,
                    "mc_se": round(np.sqrt(rate * (1 - rate) / n_sim), 4),
                    "cpu_s": round(time.process_time() - start, 1),
                }
            )
    table = pd.DataFrame(rows)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    name = "inference_resampling_quick.csv" if args.quick else "inference_resampling.csv"
    table.to_csv(out / name, index=False)
    print(table.to_string(index=False))


if __name__ == "__main__":
    main()
