"""Size and power of `pr_test` (issue 41 item 3): the paired test of two
models' weighted average precision (AP) or interpolated PR area, from the
influence values (DeLong-style) and by the paired stratified bootstrap.

Each sample: n rows, a row positive with probability 0.3, sampling-free
weights uniform on [0.5, 2] (independent of the data, so the weighted and
unweighted population areas agree), and two correlated binormal scores
``mu_j * label + sqrt(0.5) c + sqrt(0.5) e_j`` (c shared).  Under the null
both models have mu = 1 (exchangeable: equal population AP and area);
under the alternative mu1 = 1.5, mu2 = 1.  Both estimators and both
methods are run on the same samples; the two-sided test at 5%.

    nice -n 10 python benchmarks/pr_test_size_power.py [--reps 1000] [--n-boot 150]
    nice -n 10 python benchmarks/pr_test_size_power.py --spread-only

Writes benchmarks/results/pr_test_size_power.md and prints it; then
(or, with --spread-only, appended to the table written before) the
spread check: under the null, the standard deviation of the AP
difference over the samples against the root mean square of the
influence standard errors, at n = 200, 400 and 1,600.
"""

import argparse
import time
from pathlib import Path

import numpy as np

import weightedroc as wr

RESULTS = Path(__file__).parent / "results"
SIZES = (60, 200, 400)
SHIFTS = {"null (mu1 = mu2 = 1)": 1.0, "alternative (mu1 = 1.5, mu2 = 1)": 1.5}
CELLS = [(e, m) for e in ("ap", "interpolated") for m in ("influence", "bootstrap")]


def sample(rng, n, mu1):
    label = (rng.uniform(size=n) < 0.3).astype(int)
    label[:2] = [0, 1]
    common = rng.normal(size=n)
    guess1 = mu1 * label + np.sqrt(0.5) * (common + rng.normal(size=n))
    guess2 = 1.0 * label + np.sqrt(0.5) * (common + rng.normal(size=n))
    return guess1, guess2, label, rng.uniform(0.5, 2.0, n)


def run(reps, n_boot, seed=2026):
    rows = []
    for hypothesis, mu1 in SHIFTS.items():
        for n in SIZES:
            rng = np.random.default_rng([seed, n, int(10 * mu1)])
            rejected = {cell: 0 for cell in CELLS}
            start = time.perf_counter()
            for r in range(reps):
                guess1, guess2, label, weight = sample(rng, n, mu1)
                for estimator, method in CELLS:
                    test = wr.pr_test(
                        guess1, guess2, label, weight, estimator=estimator, method=method,
                        n_boot=n_boot, seed=r,
                    )  # fmt: skip
                    rejected[estimator, method] += test.p_value < 0.05
            seconds = time.perf_counter() - start
            for (estimator, method), count in rejected.items():
                rows.append((hypothesis, n, estimator, method, count / reps))
            print(hypothesis, n, {k: v / reps for k, v in rejected.items()}, f"{seconds:.0f} s")
    return rows


def table(rows, reps, n_boot):
    se = np.sqrt(0.05 * 0.95 / reps)
    lines = [
        "# Size and power of pr_test",
        "",
        "Written by `benchmarks/pr_test_size_power.py` (see its docstring for the model):",
        f"{reps} samples a cell, two-sided tests at 5%, bootstrap with {n_boot} paired",
        "stratified replicates; prevalence 0.3, weights uniform on [0.5, 2], scores",
        "binormal with correlation 0.5 between the models.  Monte Carlo standard",
        f"error of a rejection rate p: sqrt(p (1 - p) / {reps}), {se:.4f} at p = 0.05",
        f"(a 95% band of 0.05 +- {1.96 * se:.3f}) and at most {0.5 / np.sqrt(reps):.4f}.",
        "",
        "| hypothesis | n | estimator | method | rejection rate |",
        "|---|---:|---|---|---:|",
    ]
    for hypothesis, n, estimator, method, rate in rows:
        lines.append(f"| {hypothesis} | {n} | {estimator} | {method} | {rate:.3f} |")
    return "\n".join(lines) + "\n"


def spread(reps, seed=7):
    lines = [
        "",
        "## Spread check (influence method, AP, null)",
        "",
        f"Over {reps} samples a size: the standard deviation of the estimated",
        "difference against the root mean square of `pr_test`'s standard errors",
        f"(the ratio's Monte Carlo error is about {1 / np.sqrt(2 * (reps - 1)):.3f}), and",
        "the rejection rate at 5%.",
        "",
        "| n | sd of difference | rms std_error | ratio | rejection rate |",
        "|---:|---:|---:|---:|---:|",
    ]
    for n in (200, 400, 1600):
        rng = np.random.default_rng([seed, n])
        d, se = np.empty(reps), np.empty(reps)
        for r in range(reps):
            test = wr.pr_test(*sample(rng, n, 1.0))
            d[r] = test.estimate["AP of guess1"] - test.estimate["AP of guess2"]
            se[r] = test.std_error
        sd, rms = d.std(ddof=1), np.sqrt(np.mean(se**2))
        rate = np.mean(np.abs(d / se) > 1.959964)
        lines.append(f"| {n} | {sd:.4f} | {rms:.4f} | {sd / rms:.3f} | {rate:.3f} |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=1000)
    parser.add_argument("--n-boot", type=int, default=150)
    parser.add_argument("--spread-only", action="store_true")
    args = parser.parse_args()
    path = RESULTS / "pr_test_size_power.md"
    if args.spread_only:
        text = path.read_text().split("\n## Spread check")[0].rstrip("\n") + "\n"
    else:
        text = table(run(args.reps, args.n_boot), args.reps, args.n_boot)
    text += spread(args.reps)
    RESULTS.mkdir(exist_ok=True)
    path.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
