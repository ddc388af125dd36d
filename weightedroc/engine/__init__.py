"""The engine: input checks in R's words (`validation`), the one sorted,
cumulated pass every result reads (`core`), R's rates and trapezoid sum
(`rates`), the one input rule of the functions that read a curve
(`curve_input`) and a curve's scaled counts (`counts`), R's long double
sums (`longdouble`), the second core (`threads`), foreign containers
(`frames`) and many groups at once (`many`, `grouped`)."""

from ..utils.lazy import submodules as _submodules

__getattr__, __dir__ = _submodules(__name__, __path__)
