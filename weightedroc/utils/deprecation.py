"""Renamed arguments and attributes: the old names keep working through 1.x
with a FutureWarning that shows the new call, and arguments beyond the data
are keyword-only, with an error that says which keywords to use."""

import functools
import inspect

from .warn import warn

__all__ = ["renamed", "moved", "keyword_only", "alias"]


def _warn(message):
    warn(message, FutureWarning)


def renamed(**old_to_new):
    """Accept each old keyword as its new name, with a FutureWarning.

    Examples
    --------
    >>> @renamed(c_fa="cost_fp")
    ... def f(roc, *, cost_fp=1.0):
    ...     return cost_fp
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     f(None, c_fa=3.0)
    3.0
    >>> print(caught[0].message)
    f(c_fa=...) is deprecated and will be removed in 2.0: call f(..., cost_fp=...)
    """

    def wrap(function):
        name = function.__name__

        @functools.wraps(function)
        def call(*args, **kwargs):
            for old, new in old_to_new.items():
                if old not in kwargs:
                    continue
                if new in kwargs:
                    raise TypeError(f"{name}() got both {old}= (its old name) and {new}=")
                kwargs[new] = kwargs.pop(old)
                _warn(
                    f"{name}({old}=...) is deprecated and will be removed in 2.0: "
                    f"call {name}(..., {new}=...)"
                )
            return function(*args, **kwargs)

        call.__renamed__ = dict(old_to_new)
        return call

    return wrap


def moved(function, old, new):
    """A FutureWarning for a keyword whose job another form now does: `new`
    says how to call it, e.g. ``"call roc_test(g1, (g2, y2, w2), y)"``."""
    _warn(f"{function}({old}=...) is deprecated and will be removed in 2.0: {new}")


def keyword_only(function):
    """Turn Python's "takes N positional arguments" into an error that names
    the keywords to use (for arguments that used to be positional)."""
    parameters = inspect.signature(function).parameters.values()
    positional = [
        p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    keywords = [p.name for p in parameters if p.kind == p.KEYWORD_ONLY]

    @functools.wraps(function)
    def call(*args, **kwargs):
        if len(args) > len(positional):
            extra = keywords[: len(args) - len(positional)]
            raise TypeError(
                f"{function.__name__}() takes {len(positional)} positional "
                f"argument{'s' if len(positional) != 1 else ''} "
                f"({', '.join(positional)}) but {len(args)} were given: give "
                + ", ".join(f"{name}=" for name in extra)
                + " by keyword"
            )
        return function(*args, **kwargs)

    return call


def alias(new, old):
    """A property `old` that returns attribute `new`, with a FutureWarning.

    Examples
    --------
    >>> from typing import NamedTuple
    >>> class Interval(NamedTuple):
    ...     conf_low: float
    ...     lower = alias("conf_low", "lower")
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     Interval(0.5).lower
    0.5
    """

    def get(self):
        _warn(f"{type(self).__name__}.{old} is deprecated and will be removed in 2.0: use .{new}")
        return getattr(self, new)

    return property(get, doc=f"Deprecated alias of ``{new}``.")
