"""The package's version (a leaf: the version report reads it without
importing the package's layers)."""

__version__ = "1.2.0"
