"""HTest: the result of a test, as R's htest object (now in `.results`)."""

from .results import HTest, format_vector

__all__ = ["HTest", "format_vector"]
