"""Work on a second core.

numpy releases the GIL in gathers, casts and arithmetic, so on large
inputs two independent jobs run on two cores, and fresh memory can be
mapped in the background.  The arithmetic of each job is
unchanged: results are the same bits with or without threads.  Set
WEIGHTEDROC_THREADS=1 to run everything in the calling thread.  There is
one worker, shared by every thread of the process; work that the worker
itself asks for (nested use) runs in it, so nothing ever waits on itself.
"""

import ctypes
import functools
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from ..utils.signatures import in_help

LARGE = 1 << 16  # below this many elements, a thread costs more than it saves
_pool, _pool_pid = None, None
_serial = threading.local()  # .on: this thread runs its work alone (see `run_shared`)
_worker_local = threading.local()  # .on: this thread is the worker


def _mark_worker():
    _worker_local.on = True


def _worker():
    global _pool, _pool_pid
    if _pool_pid != os.getpid():  # a forked child cannot use its parent's thread
        _pool = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="weightedroc", initializer=_mark_worker
        )
        _pool_pid = os.getpid()
    return _pool


def _on_worker():
    """True in the worker thread: work it submitted to itself would wait on
    itself forever, so nested `run_both` and `run_shared` run in it."""
    return getattr(_worker_local, "on", False)


def _threaded(size):
    return (
        size >= LARGE
        and os.environ.get("WEIGHTEDROC_THREADS") != "1"
        and not getattr(_serial, "on", False)
    )


@in_help
def run_both(first, second, size):
    """(first(), second()), the second in a worker thread when `size` is large.

    Called from the worker thread itself (a job that runs `run_both`), both
    run in it, one after the other.

    Examples
    --------
    >>> run_both(lambda: 1, lambda: run_both(lambda: 2, lambda: 3, LARGE), LARGE)
    (1, (2, 3))
    """
    if not _threaded(size) or _on_worker():
        return first(), second()
    future = _worker().submit(second)
    return first(), future.result()


def _alone(job):
    """job(), with `run_both` and `run_shared` in this thread running in it only."""
    before = getattr(_serial, "on", False)
    _serial.on = True
    try:
        return job()
    finally:
        _serial.on = before


def run_shared(job, size):
    """job() in the calling thread and, when `size` is large, at the same
    time in the worker thread: for a job that takes its pieces of work one
    at a time from a queue the two share, until it is empty.  Inside, both
    run everything else in their own thread (the worker is taken).  Returns
    when both are done; an error of either is raised.  Called from the
    worker thread itself, the job runs once, in it.
    """
    if not _threaded(size) or _on_worker():
        return _alone(job)
    future = _worker().submit(_alone, job)
    try:
        _alone(job)
    finally:
        future.result()  # (waits for the worker before any error goes up)


_MADV_POPULATE_WRITE = 23  # Linux 5.14
_PAGE = 4096
_STEP = 8 << 20  # populate this many bytes between checks for cancel


@functools.cache
def _madvise():
    if not sys.platform.startswith("linux"):
        return None
    try:
        madvise = ctypes.CDLL(None, use_errno=True).madvise
    except (OSError, AttributeError):
        return None
    madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    return madvise


def _populate(arrays, cancelled, madvise):
    for a in arrays:  # an error (a kernel older than 5.14) ends it
        first = -(-a.ctypes.data // _PAGE) * _PAGE
        end = a.ctypes.data + a.nbytes
        for at in range(first, end, _STEP):
            if cancelled.is_set() or madvise(at, min(_STEP, end - at), _MADV_POPULATE_WRITE):
                return


@in_help
def prefault(*arrays):
    """Map the memory pages of new, large arrays in a background thread,
    in the order given, while the calling thread works; returns a function
    that stops it.  The arrays' contents are never changed (Linux's
    MADV_POPULATE_WRITE makes each page present as a write would, and
    leaves present pages alone), so the caller may write to them at once.

    A first write to fresh memory costs a page fault (on a virtual machine,
    about 2 ms per MB when the host must supply the page); done here, that
    time overlaps with other work.  Elsewhere than Linux, nothing is done.
    """
    madvise = _madvise() if _threaded(sum(a.size for a in arrays)) else None
    cancelled = threading.Event()
    if madvise is not None:
        threading.Thread(
            target=_populate,
            args=(arrays, cancelled, madvise),
            daemon=True,
            name="weightedroc-prefault",
        ).start()
    return cancelled.set
