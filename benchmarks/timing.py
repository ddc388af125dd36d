"""Timing helpers shared by the speed benchmarks (run as scripts, so that
this folder is on the path: ``from timing import best_time``)."""

import time

import numpy as np


def best_time(run, rounds):
    """The fastest of `rounds` calls of `run`, in seconds, after one untimed
    warm-up call."""
    run()
    best = np.inf
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def best_cpu(run, rounds):
    """The least CPU time of `rounds` calls of `run` (after one untimed
    call): for single-threaded functions compared side by side, other jobs
    on the shared machine stretch it less than the wall clock."""
    run()
    best = np.inf
    for _ in range(rounds):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def best_rate(run, rounds, least=0.05):
    """Seconds per call of `run`, timed as the R side of the pROC benchmarks
    is: after one untimed call, enough calls in a row to last `least`
    seconds, the fastest of `rounds` such runs (single calls of tens of
    microseconds are at the mercy of the clock and the scheduler)."""
    run()
    reps = 1
    while True:
        start = time.perf_counter()
        for _ in range(reps):
            run()
        if time.perf_counter() - start > least or reps >= 10000:
            break
        reps *= 10
    best = np.inf
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(reps):
            run()
        best = min(best, (time.perf_counter() - start) / reps)
    return best


def best_of(call, rounds=3):
    """The fastest of `rounds` calls of `call`, in seconds (no warm-up)."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


# `best_time` in R, the body's last lines of an R timer function that has
# defined `run` and takes `rounds`: one warm-up call, then the best of rounds.
R_BEST_TIME = """  run()
  best <- Inf
  for (i in seq_len(rounds)) {
    t <- proc.time()[["elapsed"]]; run(); best <- min(best, proc.time()[["elapsed"]] - t)
  }
  best
}"""
