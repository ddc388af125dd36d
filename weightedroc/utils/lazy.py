"""Submodules reachable as attributes of their package, imported on first access.

``weightedroc.inference.resampling.bootstrap_test`` works after a bare
``import weightedroc`` without importing every module (and its optional
dependencies) up front.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterable
from types import ModuleType

__all__ = ["submodules"]


def submodules(
    package: str, path: Iterable[str]
) -> tuple[Callable[[str], ModuleType], Callable[[], list[str]]]:
    """A package's module-level ``__getattr__`` and ``__dir__`` for its submodules.

    Parameters
    ----------
    package : str
        The package's ``__name__``.
    path : iterable of str
        The package's ``__path__``, where its public (not underscored)
        modules are found.

    Returns
    -------
    (__getattr__, __dir__)
        Assign both at the package's top level.

    Examples
    --------
    >>> import weightedroc.inference as inference
    >>> inference.resampling.__name__
    'weightedroc.inference.resampling'
    >>> "venkatraman" in dir(inference)
    True
    """
    names = frozenset(m.name for m in pkgutil.iter_modules(path) if not m.name.startswith("_"))

    def __getattr__(name: str) -> ModuleType:
        if name in names:
            return importlib.import_module(f"{package}.{name}")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | names)

    return __getattr__, __dir__
