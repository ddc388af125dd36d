"""Nested use of the worker thread (weightedroc.engine.threads) never deadlocks.

Each nested run is started in a thread of its own and joined with a
timeout, so that a regression fails the test instead of hanging the suite.
"""

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from weightedroc import WeightedROC, auc_score
from weightedroc.engine.threads import LARGE, run_both, run_shared
from weightedroc.tidy import auc_table

TIMEOUT = 20  # seconds; each run below takes well under one


@pytest.fixture(autouse=True)
def _threads_on(monkeypatch):
    monkeypatch.delenv("WEIGHTEDROC_THREADS", raising=False)


def _within(seconds, job):
    """job()'s result, run in a fresh thread; fails if it is not done in time."""
    done = {}

    def target():
        try:
            done["value"] = job()
        except BaseException as error:  # handed to the test thread
            done["error"] = error

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout=seconds)
    assert not thread.is_alive(), f"deadlock: still running after {seconds} s"
    if "error" in done:
        raise done["error"]
    return done["value"]


def _worker_ident():
    return run_both(lambda: None, threading.get_ident, LARGE)[1]


def test_run_both_inside_the_worker_runs_both_parts_in_the_worker():
    worker = _within(TIMEOUT, _worker_ident)
    assert worker != threading.get_ident()

    def nested():
        return run_both(threading.get_ident, threading.get_ident, LARGE)

    outer_first, inner = _within(TIMEOUT, lambda: run_both(threading.get_ident, nested, LARGE))
    assert inner == (worker, worker)  # both nested parts ran where they were called
    assert outer_first != worker


def test_run_shared_inside_the_worker_runs_the_job_once_in_the_worker():
    seen = []

    def job():
        seen.append(threading.get_ident())

    def nested():
        run_shared(job, LARGE)
        return threading.get_ident()

    _, worker = _within(TIMEOUT, lambda: run_both(lambda: None, nested, LARGE))
    assert seen == [worker]


def test_run_both_in_a_run_both_in_a_run_shared_job():
    seen = []

    def job():
        seen.append(run_both(lambda: 1, lambda: run_both(lambda: 2, lambda: 3, LARGE), LARGE))

    _within(TIMEOUT, lambda: run_shared(job, LARGE))
    assert seen == [(1, (2, 3))] * 2


def test_a_curve_computed_in_the_worker_equals_the_plain_one():
    rng = np.random.default_rng(21)
    n = 3 * LARGE
    guess = rng.integers(0, 1000, n) / 7  # ties
    label = rng.integers(0, 2, n)
    weight = rng.random(n) + 0.5
    plain = WeightedROC(guess, label, weight=weight)
    plain_auc = auc_score(guess, label, weight=weight)

    def nested():
        return WeightedROC(guess, label, weight=weight), auc_score(guess, label, weight=weight)

    first, (curve, auc) = _within(TIMEOUT, lambda: run_both(nested, nested, LARGE))
    for got in (first[0], curve):
        assert got.equals(plain)
    assert first[1] == auc == plain_auc


def test_grouped_tables_in_the_worker_equal_the_plain_ones():
    import pandas as pd

    rng = np.random.default_rng(9)
    n = 4 * LARGE
    data = pd.DataFrame(
        {
            "g": rng.integers(0, 5, n),
            "guess": rng.random(n),
            "label": rng.integers(0, 2, n),
            "w": rng.random(n) + 0.1,
        }
    )
    plain = auc_table(data, guess="guess", label="label", weight="w", by="g")

    def nested():
        return auc_table(data, guess="guess", label="label", weight="w", by="g")

    _, table = _within(TIMEOUT, lambda: run_both(lambda: None, nested, LARGE))
    pd.testing.assert_frame_equal(table, plain, check_exact=True)


def test_users_thread_pool_shares_the_worker():
    rng = np.random.default_rng(4)
    n = 2 * LARGE
    inputs = [(rng.random(n), rng.integers(0, 2, n), rng.random(n) + 0.5) for _ in range(6)]
    plain = [auc_score(g, y, weight=w) for g, y, w in inputs]

    def run_pool():
        with ThreadPoolExecutor(max_workers=4) as pool:
            return list(pool.map(lambda args: auc_score(args[0], args[1], weight=args[2]), inputs))

    assert _within(TIMEOUT, run_pool) == plain
