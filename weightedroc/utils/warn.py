"""Warnings that name the caller's line, whatever the depth of the call.

A hand-counted ``stacklevel`` is right for one call path only; here the
warning is attributed to the first frame outside the package instead.
"""

import os
import sys
import warnings

__all__ = ["warn"]

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def _outside_stacklevel():
    """The stacklevel of the first frame outside the package, as seen from `warn`'s caller."""
    frame = sys._getframe(2)  # warn's caller
    level = 2
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame = frame.f_back
        level += 1
    return level


def warn(message, category=UserWarning):
    """``warnings.warn(message, category)``, attributed to the caller's line.

    The line is the first frame outside the ``weightedroc`` package, so the
    warning names the user's code however deep inside the package it is
    raised (``skip_file_prefixes`` on Python 3.12+, a frame walk before).

    Examples
    --------
    >>> import warnings
    >>> from weightedroc.utils.warn import warn
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn("the weights are uneven")
    >>> caught[0].filename.endswith("weightedroc" + __import__("os").sep + "utils"
    ...                              + __import__("os").sep + "warn.py")
    False
    """
    if sys.version_info >= (3, 12):
        warnings.warn(message, category, skip_file_prefixes=(_PACKAGE,))
    else:
        warnings.warn(message, category, stacklevel=_outside_stacklevel())
