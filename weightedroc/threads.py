"""Two numpy jobs at once.

numpy releases the GIL in gathers, casts and arithmetic (not in cumulative
sums), so on large inputs two independent jobs run on two cores.  The arithmetic of each
job is unchanged: results are the same bits with or without threads.  Set
WEIGHTEDROC_THREADS=1 to run everything in the calling thread.
"""

import os
from concurrent.futures import ThreadPoolExecutor

LARGE = 1 << 16  # below this many elements, a thread costs more than it saves
_pool, _pool_pid = None, None


def _worker():
    global _pool, _pool_pid
    if _pool_pid != os.getpid():  # a forked child cannot use its parent's thread
        _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="weightedroc")
        _pool_pid = os.getpid()
    return _pool


def _threaded(size):
    return size >= LARGE and os.environ.get("WEIGHTEDROC_THREADS") != "1"


def _fault_in(arrays):
    for a in arrays:  # one write per 4 KiB page of float64
        a[::512].fill(0)


def touch_pages(*arrays):
    """Fault in the memory pages of new, large arrays in the worker thread,
    while the calling thread computes something else; returns a function
    that waits until that is done.  Nothing may write to the arrays before.

    A first write to fresh memory costs a page fault (on a virtual machine,
    about 2 ms per MB when the host must supply the page); done here, that
    time overlaps with other work.
    """
    if not _threaded(sum(len(a) for a in arrays)):
        return lambda: None
    return _worker().submit(_fault_in, arrays).result


def run_both(first, second, size):
    """(first(), second()), the second in a worker thread when `size` is large."""
    if not _threaded(size):
        return first(), second()
    future = _worker().submit(second)
    return first(), future.result()
