"""R through rpy2, started once: whether it can be used, and its robjects.

The leaf that `weightedroc.rbridge` (the calls to R's packages) and the
version report (`versions`) both read; it imports nothing of the package.
"""

import os

from .signatures import in_help

__all__ = ["r_available", "robjects"]


@in_help
def r_available(package=None):
    """Tell whether R can be used through rpy2, optionally with a package.

    Parameters
    ----------
    package : str, optional
        An R package that must be installed too (e.g. ``"WeightedROC"``,
        found through R's library paths such as ``R_LIBS``).

    Returns
    -------
    (bool, str)
        Whether it can be used, and a sentence saying why not (or that it
        can), suitable as a pytest skip reason.
    """
    try:
        ro = robjects()
    except ImportError as e:
        return False, f"rpy2 is not installed ({e})"
    except Exception as e:  # rpy2 raises various errors when R is missing
        return False, f"R cannot be started by rpy2 ({type(e).__name__}: {e})"
    if package is None:
        return True, "R and rpy2 are available"
    if not ro.r["requireNamespace"](package, quietly=True)[0]:
        return False, f"R package {package} is not installed in R's library paths"
    return True, f"R, rpy2 and the R package {package} are available"


@in_help
def robjects():
    """rpy2.robjects, started without leaking R's library path to subprocesses.

    Starting R through rpy2 puts R's folders and the system's library folder
    in LD_LIBRARY_PATH, where a Python started later as a subprocess finds
    the wrong libpython; the process itself no longer needs them once R is
    loaded, so they are restored.
    """
    saved = os.environ.get("LD_LIBRARY_PATH")
    import rpy2.robjects as ro

    if saved is None:
        os.environ.pop("LD_LIBRARY_PATH", None)
    else:
        os.environ["LD_LIBRARY_PATH"] = saved
    return ro
