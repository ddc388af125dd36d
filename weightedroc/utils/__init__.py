"""What every layer leans on and no layer owns: the normal distribution and
root finding as R computes them (`normal`, `roots`), warnings that name the
caller's line (`warn`), renamed and keyword-only arguments (`deprecation`),
the annotations of the public signatures (`types`), lazy submodules (`lazy`)
and the version report (`versions`).  It imports nothing of the package."""

from .lazy import submodules as _submodules

__getattr__, __dir__ = _submodules(__name__, __path__)
