"""The engine: input checks in R's words (`validation`), the one sorted,
cumulated pass every result reads (`core`), R's long double sums
(`longdouble`), the second core (`threads`), foreign containers (`frames`)
and many groups at once (`many`)."""

from ..utils.lazy import submodules as _submodules

__getattr__, __dir__ = _submodules(__name__, __path__)
