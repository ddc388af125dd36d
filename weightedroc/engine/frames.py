"""Containers beyond numpy and pandas: polars, PyArrow, the Arrow C data interface.

`foreign_array` turns a polars Series, a PyArrow Array or ChunkedArray, or
any object exposing the Arrow C data interface into what the checks in
`validation` read: a numpy array (without a copy for float64 without
nulls, the dtype of guesses and weights) or a pandas Categorical (for
category labels with a fixed category order).  `Frame` gives `tidy` the
columns of a polars DataFrame or LazyFrame or a PyArrow Table, through
narwhals, and builds the result in the same kind.

Nothing here imports polars, pyarrow or narwhals before it is handed one
of their objects, so ``import weightedroc`` stays light.
"""

import functools

import numpy as np
import pandas as pd

from ..utils.signatures import in_help

FOREIGN = ("polars", "pyarrow", "narwhals")


def _library(values):
    return type(values).__module__.partition(".")[0]


def _two_dimensional(values, name):
    return ValueError(f"{name} must be 1-D (a vector), got a {type(values).__name__}")


def _polars_series(values, name):
    import polars as pl

    if isinstance(values, (pl.DataFrame, pl.LazyFrame)):
        raise _two_dimensional(values, name)
    if not isinstance(values, pl.Series):
        return None
    if isinstance(values.dtype, pl.Enum):  # a fixed category order, as a pandas Categorical
        codes = values.to_physical().cast(pl.Int64).fill_null(-1).to_numpy()
        return pd.Categorical.from_codes(codes, categories=values.dtype.categories.to_list())
    if isinstance(values.dtype, pl.Categorical):
        # polars keeps no category order: the values are read as strings
        # (levels sorted, as R's factor() makes them).
        values = values.cast(pl.String)
    return values.to_numpy()  # a view for numbers without nulls; nulls become NaN or None


def _arrow_array(values, name):
    import pyarrow as pa

    if isinstance(values, (pa.Table, pa.RecordBatch)):
        raise _two_dimensional(values, name)
    if isinstance(values, pa.ChunkedArray):
        # One chunk is read in place; several must be joined (a copy).
        values = values.chunk(0) if values.num_chunks == 1 else values.combine_chunks()
    if not isinstance(values, pa.Array):
        return None
    if pa.types.is_struct(values.type):
        raise ValueError(
            f"{name} must be 1-D (a vector), got Arrow data of type {values.type} (a table)"
        )
    if pa.types.is_dictionary(values.type):  # categories in the dictionary's order
        return pd.Categorical(values.to_pandas())
    return values.to_numpy(zero_copy_only=False)  # a view for numbers without nulls


def _arrow_interface(values, name):
    try:
        import pyarrow as pa
    except ImportError:
        raise TypeError(
            f"{name} exposes the Arrow C data interface; reading it needs "
            "pyarrow (pip install pyarrow)"
        ) from None
    if hasattr(values, "__arrow_c_array__"):
        return _arrow_array(pa.array(values), name)
    return _arrow_array(pa.chunked_array(values), name)


def foreign_array(values, name):
    """numpy array or pandas Categorical of a polars, PyArrow or Arrow C data
    interface vector; None when `values` is none of these."""
    library = _library(values)
    if library == "narwhals":
        values = values.to_native()
        library = _library(values)
    if library == "polars":
        return _polars_series(values, name)
    if library == "pyarrow":
        return _arrow_array(values, name)
    if hasattr(values, "__arrow_c_array__") or hasattr(values, "__arrow_c_stream__"):
        if isinstance(values, (np.ndarray, pd.Series, pd.Index, pd.DataFrame)):
            return None
        return _arrow_interface(values, name)
    return None


@in_help
def is_frame(data):
    """True for a pandas DataFrame or a frame narwhals can read."""
    if isinstance(data, pd.DataFrame):
        return True
    if _library(data) not in FOREIGN and not hasattr(data, "__arrow_c_stream__"):
        return False
    import narwhals as nw

    return isinstance(nw.from_native(data, pass_through=True), (nw.DataFrame, nw.LazyFrame))


def as_pandas(data):
    """A polars (DataFrame, LazyFrame) or PyArrow frame as a pandas one;
    anything else as it is (for plots, which draw pandas frames)."""
    if isinstance(data, pd.DataFrame) or not is_frame(data):
        return data
    import narwhals as nw

    frame = nw.from_native(data)
    return (frame.collect() if isinstance(frame, nw.LazyFrame) else frame).to_pandas()


@in_help
class Frame:
    """The columns of a polars or PyArrow frame (through narwhals), and a
    result built in the same kind: polars DataFrame in, polars DataFrame
    out; a LazyFrame in, a LazyFrame (of the computed table) out."""

    def __init__(self, data):
        import narwhals as nw

        self.nw = nw
        frame = nw.from_native(data)
        self.lazy = isinstance(frame, nw.LazyFrame)
        self.frame = frame.collect() if self.lazy else frame
        self.columns = list(self.frame.columns)

    def __len__(self):
        return len(self.frame)

    def column(self, name):
        return self.frame.get_column(name).to_native()

    def rows(self, names, positions):
        """The columns `names` at row `positions`, as a narwhals frame."""
        frame = self.frame.select(list(names))
        positions = np.asarray(positions)
        native = frame.to_native()
        if self.frame.implementation is self.nw.Implementation.POLARS:
            return self.nw.from_native(native[positions])  # (narwhals: 4x as long)
        if self.frame.implementation is self.nw.Implementation.PYARROW:
            return self.nw.from_native(native.take(positions))
        return frame[positions]

    def result(self, keys, columns):
        """`keys` (from `rows`, or None) beside the numpy `columns` (a dict)."""
        values = self.nw.from_dict(columns, backend=self.frame.implementation)
        if keys is not None:
            values = self.nw.concat([keys, values], how="horizontal")
        native = values.to_native()
        return native.lazy() if self.lazy else native


@functools.lru_cache(maxsize=512)
def _column_index(names):
    return pd.Index(list(names))


def float_frame(columns):
    """The DataFrame of `columns`, {name: 1-D float array of one length},
    built as one block under a cached column index (a view of it, so that
    renaming one frame's columns touches no other).  pandas' dict
    constructor checks each column anew: 60 microseconds against 10, most
    of the time of a call on a small curve.  The frame is the dict's.

    Examples
    --------
    >>> import numpy as np
    >>> float_frame({"a": np.array([1.0, 2.0]), "b": np.array([3.0, 4.0])})
         a    b
    0  1.0  3.0
    1  2.0  4.0
    """
    names = tuple(columns)
    arrays = list(columns.values())
    if names and all(a.ndim == 1 and len(a) == len(arrays[0]) for a in arrays):
        block = np.array(arrays, dtype=np.float64)  # one copy, in one call
    else:  # (scalars broadcast)
        block = np.empty((len(names), len(arrays[0]) if names else 0))
        for row, values in zip(block, arrays):
            row[:] = values
    return pd.DataFrame(block.T, columns=_column_index(names).view(), copy=False)
