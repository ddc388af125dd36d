"""What the result classes share: readable frozen dataclasses that keep the
tuple behaviour of the NamedTuples they replaced through 1.x."""

from dataclasses import fields

from .warn import warn

__all__ = ["TupleLike"]


class TupleLike:
    """Unpacking, indexing and ``len`` of a frozen dataclass in field order,
    as the NamedTuple it replaced allowed, with a FutureWarning (read the
    fields by name instead).

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Pair(TupleLike):
    ...     low: float
    ...     high: float
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     low, high = Pair(0.25, 0.75)
    >>> low, high
    (0.25, 0.75)
    >>> print(caught[0].message)  # doctest: +NORMALIZE_WHITESPACE
    unpacking or indexing a Pair is deprecated and will be removed in 2.0:
    read its fields by name (.low, .high)
    """

    def _values(self):
        names = [f.name for f in fields(self)]
        warn(
            f"unpacking or indexing a {type(self).__name__} is deprecated and will be "
            f"removed in 2.0: read its fields by name ({', '.join('.' + n for n in names)})",
            FutureWarning,
        )
        return tuple(getattr(self, name) for name in names)

    def __iter__(self):
        return iter(self._values())

    def __getitem__(self, index):
        return self._values()[index]

    def __len__(self):
        return len(fields(self))
