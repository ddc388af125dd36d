"""Two numpy jobs at once.

numpy releases the GIL in gathers, compressions and cumulative sums, so on
large inputs two independent jobs run on two cores.  The arithmetic of each
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


def run_both(first, second, size):
    """(first(), second()), the second in a worker thread when `size` is large."""
    if size < LARGE or os.environ.get("WEIGHTEDROC_THREADS") == "1":
        return first(), second()
    future = _worker().submit(second)
    return first(), future.result()
