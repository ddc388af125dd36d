"""What help() shows of a public callable: its parameters' names and defaults.

help() opens with the signature.  With every type hint spelled out it ran to
1,000 characters (``roc_test``), a wall of types before the first line of
the description.  The hints stay in the code, for type checkers and editors
(``inspect.get_annotations``), and the docstring's Parameters section gives
each type in words; help() shows what R's ``args()`` shows.
"""

from __future__ import annotations

import inspect
from typing import TypeVar

__all__ = ["in_help", "hidden", "DEPRECATED"]

T = TypeVar("T")

#: Keywords that still work through 1.x with a FutureWarning and are not shown:
#: each function's docstring says what replaces them.
DEPRECATED = frozenset({"partial_auc"})


def hidden(*names: str):
    """Decorator (under `in_help`): keywords of this function that still work
    through 1.x with a FutureWarning, not shown by help(); the docstring
    says what replaces them."""

    def mark(function):
        function.__hidden__ = frozenset(names)
        return function

    return mark


def _bare(function) -> None:
    signature = inspect.signature(function)
    gone = DEPRECATED | getattr(function, "__hidden__", frozenset())
    function.__signature__ = signature.replace(
        parameters=[
            p.replace(annotation=p.empty)
            for p in signature.parameters.values()
            if not (p.kind is p.KEYWORD_ONLY and p.name in gone)
        ],
        return_annotation=inspect.Signature.empty,
    )


def in_help(obj: T) -> T:
    """Decorator: help(`obj`) shows the names and defaults of its parameters
    (of a class: its constructor's and its public methods'), without the
    deprecated keywords of `DEPRECATED`.

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
    """
    if not inspect.isclass(obj):
        _bare(obj)
        return obj
    for name, member in vars(obj).items():
        if name != "__init__" and name.startswith("_"):
            continue
        if isinstance(member, (classmethod, staticmethod)):
            member = member.__func__
        if inspect.isfunction(member):
            _bare(member)
    return obj
