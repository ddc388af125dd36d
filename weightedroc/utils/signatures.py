"""What help() shows of a public callable: its parameters' names and defaults.

help() opens with the signature.  With every type hint spelled out it ran to
1,000 characters (``roc_test``), a wall of types before the first line of
the description.  The hints stay in the code, for type checkers and editors
(``inspect.get_annotations``), and the docstring's Parameters section gives
each type in words; help() shows what R's ``args()`` shows.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TypeVar, overload

__all__ = ["in_help", "DEPRECATED"]

T = TypeVar("T")

#: Keywords that still work through 1.x with a FutureWarning and are not shown:
#: each function's docstring says what replaces them.
DEPRECATED = frozenset({"partial_auc"})


def _bare(function, hidden=frozenset()) -> None:
    hidden = DEPRECATED | hidden
    signature = inspect.signature(function)
    function.__signature__ = signature.replace(
        parameters=[
            p.replace(annotation=p.empty)
            for p in signature.parameters.values()
            if not (p.kind is p.KEYWORD_ONLY and p.name in hidden)
        ],
        return_annotation=inspect.Signature.empty,
    )


@overload
def in_help(obj: T) -> T: ...
@overload
def in_help(obj: None = None, *, hide: tuple[str, ...] = ()) -> Callable[[T], T]: ...
def in_help(obj=None, *, hide=()):
    """Decorator: help(`obj`) shows the names and defaults of its parameters
    (of a class: its constructor's and its public methods'), without the
    deprecated keywords of `DEPRECATED`.  ``@in_help(hide=(...))`` also
    hides a function's own deprecated keyword-only parameters (its
    docstring says what replaces them).

    Examples
    --------
    >>> import inspect
    >>> @in_help
    ... def area(guess: ArrayLike, *, direction: Direction = "<") -> float:
    ...     return 0.5
    >>> inspect.signature(area)
    <Signature (guess, *, direction='<')>
    >>> area.__annotations__["direction"]
    'Direction'
    >>> @in_help(hide=("label2",))
    ... def test(guess1, guess2, *, label2=None, paired=None):
    ...     return paired
    >>> inspect.signature(test)
    <Signature (guess1, guess2, *, paired=None)>
    """
    if obj is None:
        return lambda function: _in_help(function, frozenset(hide))
    return _in_help(obj, frozenset(hide))


def _in_help(obj, hidden):
    if not inspect.isclass(obj):
        _bare(obj, hidden)
        return obj
    for name, member in vars(obj).items():
        if name != "__init__" and name.startswith("_"):
            continue
        if isinstance(member, (classmethod, staticmethod)):
            member = member.__func__
        if inspect.isfunction(member):
            _bare(member, hidden)
    return obj
