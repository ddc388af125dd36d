"""Read and write tables so that every double round-trips, also through R.

CSV doubles are written with 17 significant digits (``%.17g``, as R's
``sprintf("%.17g", x)``), infinities as ``Inf``/``-Inf`` and missing values
as ``NA``, so R's ``read.csv`` reads back exactly the same numbers, and a
CSV written here can be compared line by line with one R writes that way.
Reading accepts what R's ``write.csv`` writes (``Inf``, ``-Inf``, ``NA``,
quoted strings).  Parquet stores the doubles themselves; it needs pyarrow,
imported only when a Parquet file is read or written.

Files are written to a temporary file in the target's directory and moved
into place when complete, so a failure never leaves a partial file.
"""

import contextlib
import os
import secrets
import sys

import numpy as np
import pandas as pd

__all__ = ["table_format", "read_table", "write_table", "to_csv_text", "atomic_path"]

PARQUET_SUFFIXES = (".parquet", ".pq")
CSV_SUFFIXES = (".csv", ".txt", ".csv.gz", ".csv.bz2", ".csv.xz", ".csv.zst")


def table_format(path):
    """'csv' or 'parquet' from the suffix of `path` (``-`` is CSV).

    Examples
    --------
    >>> table_format("scores.parquet"), table_format("curve.csv.gz"), table_format("-")
    ('parquet', 'csv', 'csv')
    """
    name = os.fspath(path).lower()
    if name == "-" or name.endswith(CSV_SUFFIXES):
        return "csv"
    if name.endswith(PARQUET_SUFFIXES):
        return "parquet"
    raise ValueError(f"cannot tell the format of {os.fspath(path)!r} from its suffix: "
                     f"expected one of {', '.join(CSV_SUFFIXES + PARQUET_SUFFIXES)}")


def _pyarrow():
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ImportError("Parquet files need pyarrow, which is not installed: "
                          "pip install 'weightedroc[parquet]'") from None


def read_table(path):
    """A DataFrame from a CSV or Parquet file (by suffix); ``-`` reads CSV from stdin.

    CSV parsing is exact for doubles written with 17 significant digits and
    reads ``Inf``, ``-Inf`` and ``NA`` as R writes them.
    """
    if table_format(path) == "parquet":
        _pyarrow()
        return pd.read_parquet(path, engine="pyarrow")
    return pd.read_csv(sys.stdin if os.fspath(path) == "-" else path)


def _double_text(values):
    """Doubles as text that R and Python read back exactly: %.17g, Inf, NA."""
    values = np.asarray(values, dtype=np.float64)
    text = np.array(["%.17g" % v for v in values.tolist()], dtype=object)
    text[np.isposinf(values)] = "Inf"
    text[np.isneginf(values)] = "-Inf"
    text[np.isnan(values)] = "NA"
    return text


def _exact_text_columns(frame):
    """`frame` with every float column replaced by its exact text."""
    floats = [name for name, dtype in frame.dtypes.items()
              if pd.api.types.is_float_dtype(dtype)]
    if not floats:
        return frame
    replaced = {name: _double_text(frame[name].to_numpy(dtype=np.float64,
                                                         na_value=np.nan))
                for name in floats}
    return frame.assign(**replaced)


def to_csv_text(frame):
    """CSV text of `frame` (no index) whose doubles round-trip exactly.

    Examples
    --------
    >>> import pandas as pd
    >>> print(to_csv_text(pd.DataFrame({"x": [0.1, float("inf"), None], "y": ["a", None, "b"]})), end="")
    x,y
    0.10000000000000001,a
    Inf,NA
    NA,b
    """
    return _exact_text_columns(frame).to_csv(index=False, na_rep="NA", lineterminator="\n")


@contextlib.contextmanager
def atomic_path(path):
    """Yield a temporary path next to `path`; move it onto `path` on success.

    The temporary name ends with the name of `path`, so suffix-based
    choices (compression, image format) are the same.  On any error the
    temporary file is removed and `path` is left as it was.
    """
    path = os.fspath(path)
    directory = os.path.dirname(path) or "."
    temporary = os.path.join(directory, f".weightedroc-{secrets.token_hex(6)}-"
                                        f"{os.path.basename(path)}")
    # Created as open() would create it (mode 0o666 less the umask).
    os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    try:
        yield temporary
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.remove(temporary)
        raise


def write_table(frame, path=None):
    """Write `frame` to CSV or Parquet by suffix; to stdout as CSV if `path` is None or ``-``.

    The file appears only once completely written (see `atomic_path`).
    """
    if path is None or os.fspath(path) == "-":
        sys.stdout.write(to_csv_text(frame))
        sys.stdout.flush()
        return
    kind = table_format(path)
    if kind == "parquet":
        _pyarrow()
    with atomic_path(path) as temporary:
        if kind == "parquet":
            frame.to_parquet(temporary, engine="pyarrow", index=False)
        else:
            _exact_text_columns(frame).to_csv(temporary, index=False, na_rep="NA",
                                              lineterminator="\n")
