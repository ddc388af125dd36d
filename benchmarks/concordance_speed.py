"""Speed of `concordance` (survival's concordance() with its IJ standard
error, O(n log n)) against scikit-survival's ``concordance_index_censored``
and lifelines' ``concordance_index`` at n = 1e5, and against one
``auc_score`` at n = 1e6.

Continuous times (exponential, 30% censored) and guesses; every library
gets the same rows and is checked to give the same Harrell's C.  Times are
the fastest of a few calls after an untimed one; the machine is shared
(2 cores, other jobs running): read the ratios, not the seconds.

    nice -n 10 python benchmarks/concordance_speed.py

Writes benchmarks/results/concordance_speed.md.
"""

import os
import time as clock
from pathlib import Path

import numpy as np
from timing import best_cpu

from weightedroc import auc_score, concordance

RESULTS = Path(__file__).parent / "results"


def simulate(n, seed=0):
    rng = np.random.default_rng(seed)
    event_time = rng.exponential(5, n)
    censor_time = rng.exponential(12, n)
    time = np.minimum(event_time, censor_time)
    event = (event_time <= censor_time).astype(int)
    guess = rng.normal(size=n) - np.log(event_time)
    return time, event, guess


def main():
    from lifelines.utils import concordance_index
    from sksurv.metrics import concordance_index_censored

    lines = [
        "# concordance speed",
        "",
        f"Run {clock.strftime('%Y-%m-%d %H:%M UTC', clock.gmtime())} by "
        "`benchmarks/concordance_speed.py` on a shared 2-core machine (other jobs "
        "running: read the ratios). Continuous times, 30% censored; `concordance` "
        "includes its infinitesimal-jackknife standard error. Seconds of CPU "
        "time (each library runs on one thread), the least of several calls; "
        f"load average when it started: {', '.join(f'{x:.1f}' for x in os.getloadavg())}.",
        "",
        "| n | concordance with SE (s) | scikit-survival concordance_index_censored (s) "
        "| ratio | lifelines concordance_index (s) | ratio | max abs difference of C |",
        "|---|---|---|---|---|---|---|",
    ]
    n = 100_000
    time, event, guess = simulate(n)
    ours = best_cpu(lambda: concordance(time, event, guess), rounds=7)
    sk = best_cpu(lambda: concordance_index_censored(event == 1, time, guess), rounds=1)
    ll = best_cpu(lambda: concordance_index(time, -guess, event), rounds=3)
    c = concordance(time, event, guess).estimate
    diff = max(
        abs(c - concordance_index_censored(event == 1, time, guess)[0]),
        abs(c - concordance_index(time, -guess, event)),
    )
    lines.append(
        f"| {n:,} | {ours:.3f} | {sk:.3f} | {sk / ours:.1f}x | {ll:.3f} | {ll / ours:.1f}x "
        f"| {diff:.1e} |"
    )
    n = 1_000_000
    time, event, guess = simulate(n, 1)
    ours = best_cpu(lambda: concordance(time, event, guess), rounds=4)
    label = event.copy()
    one = best_cpu(lambda: auc_score(guess, label), rounds=7)
    lines += [
        "",
        "| n | one auc_score (s) | concordance with SE (s) | ratio |",
        "|---|---|---|---|",
        f"| {n:,} | {one:.3f} | {ours:.3f} | {ours / one:.1f}x |",
    ]
    RESULTS.joinpath("concordance_speed.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
