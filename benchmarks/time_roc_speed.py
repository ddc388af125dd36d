"""Speed of time_auc (time-dependent AUC with timeROC's iid standard errors)
against R's timeROC(iid=TRUE), and at 1e5 subjects against one auc_score.

1. n = 1,000 subjects and 50 times, competing risks (codes 0, 1, 2):
   ``time_auc`` against ``timeROC(..., iid=TRUE)``, timed inside R (once: it
   takes most of a minute) on vectors already in R; the AUCs and standard
   errors are checked equal.  Needs R's timeROC in an R library named by
   WEIGHTEDROC_R_LIB (fetched from github:cran/timeROC; pec, mvtnorm and
   survival from Debian).
2. n = 1e5 subjects and 50 times: ``time_auc`` (with standard errors)
   against one ``auc_score`` over the same rows (cause 1 against the rest),
   side by side in one process.

Python times are the fastest of a few calls after an untimed one.  The
machine is shared (2 cores, other jobs running): read the ratios, not the
seconds.

    WEIGHTEDROC_R_LIB=/tmp/rlib-timeroc nice -n 10 python benchmarks/time_roc_speed.py

Writes benchmarks/results/time_roc_speed.md.
"""

import os
import time as clock
from pathlib import Path

import numpy as np
from timing import best_time

from weightedroc import auc_score, rbridge, time_auc

RESULTS = Path(__file__).parent / "results"


def simulate(n, seed=0):
    rng = np.random.default_rng(seed)
    event_time = rng.exponential(5, n)
    censor_time = rng.exponential(8, n)
    time = np.round(np.minimum(event_time, censor_time), 3)
    event = (event_time <= censor_time) * rng.integers(1, 3, n)
    guess = np.round(-event_time + 3 * rng.normal(size=n), 2)
    times = np.quantile(time, np.linspace(0.05, 0.8, 50))
    return time, event, guess, times


def against_timeroc(n=1000):
    time, event, guess, times = simulate(n)
    ours = best_time(lambda: time_auc(time, event, guess, cause=1, times=times), 5)
    table = time_auc(time, event, guess, cause=1, times=times)
    lib = os.environ.get("WEIGHTEDROC_R_LIB")
    ok, reason = rbridge.r_available("pec")
    if not lib or not ok:
        return ours, None, reason if not ok else "WEIGHTEDROC_R_LIB is not set", None
    ro = rbridge.robjects()
    ro.r(f'suppressMessages({{library(survival); library(timeROC, lib.loc="{lib}")}})')
    for key, value in (("T", time), ("d", event), ("m", guess), ("tt", times)):
        ro.globalenv[key] = ro.FloatVector(np.asarray(value, dtype=float))
    seconds = ro.r("system.time(r <- timeROC(T, d, m, cause=1, times=tt, iid=TRUE))[['elapsed']]")[
        0
    ]
    gaps = []
    for k in (1, 2):
        part = table[table.definition == k]
        gaps.append(np.nanmax(np.abs(part.auc - np.array(ro.r(f"as.numeric(r$AUC_{k})")))))
        r_se = np.array(ro.r(f"as.numeric(r$inference$vect_sd_{k})"))
        gaps.append(np.nanmax(np.abs(part.std_error - r_se)))
    return ours, seconds, "", max(gaps)


def against_auc_score(n=100_000):
    time, event, guess, times = simulate(n, seed=1)
    label = event == 1
    one = best_time(lambda: auc_score(guess, label), 7)
    ours = best_time(lambda: time_auc(time, event, guess, cause=1, times=times), 3)
    return one, ours


def main():
    started = clock.strftime("%Y-%m-%d %H:%M UTC", clock.gmtime())
    ours, r_seconds, reason, gap = against_timeroc()
    one, big = against_auc_score()
    lines = [
        "# time_auc speed",
        "",
        f"Run {started} by `benchmarks/time_roc_speed.py` on a shared 2-core machine",
        "(other jobs running: read the ratios). Competing risks (codes 0, 1, 2), 50 times.",
        "",
        "| n | time_auc with SEs (s) | timeROC iid=TRUE (s) | ratio | max abs difference |",
        "|---|---|---|---|---|",
    ]
    if r_seconds is None:
        lines.append(f"| 1,000 | {ours:.4f} | not run ({reason}) | | |")
    else:
        lines.append(
            f"| 1,000 | {ours:.4f} | {r_seconds:.1f} | {r_seconds / ours:,.0f}x | {gap:.1e} |"
        )
    lines += [
        "",
        "| n | one auc_score (s) | time_auc, 50 times, with SEs (s) | ratio |",
        "|---|---|---|---|",
        f"| 100,000 | {one:.4f} | {big:.3f} | {big / one:.0f}x |",
        "",
    ]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "time_roc_speed.md").write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
