"""Files: exact CSV and Parquet tables, and the ``weightedroc`` command."""

from ..utils.lazy import submodules as _submodules

__getattr__, __dir__ = _submodules(__name__, __path__)
