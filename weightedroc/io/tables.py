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
import csv
import io
import os
import secrets
import sys

import numpy as np
import pandas as pd

from ..utils.signatures import in_help
from .decimal import format_17g, format_shortest
from .decimal import texts as decimal_texts
from .parsing import first_non_number, r_numbers, read_csv_exact

__all__ = ["table_format", "read_table", "write_table", "to_csv_text", "atomic_path"]
__all__ += ["first_non_number", "r_numbers"]  # re-exported from .parsing

PARQUET_SUFFIXES = (".parquet", ".pq")
CSV_SUFFIXES = (".csv", ".txt", ".csv.gz", ".csv.bz2", ".csv.xz", ".csv.zst")
TSV_SUFFIXES = (".tsv", ".tab", ".tsv.gz", ".tsv.bz2", ".tsv.xz")


@in_help
def table_format(path, given=None):
    """'csv' or 'parquet': `given` (csv, tsv or parquet) if not None, else
    from the suffix of `path` (``-`` is CSV).

    Examples
    --------
    >>> table_format("scores.parquet"), table_format("curve.csv.gz"), table_format("-")
    ('parquet', 'csv', 'csv')
    """
    if given is not None:
        if given not in ("csv", "tsv", "parquet"):
            raise ValueError(f"format must be csv, tsv or parquet, got {given!r}")
        return "parquet" if given == "parquet" else "csv"
    name = os.fspath(path).lower()
    if name == "-" or name.endswith(CSV_SUFFIXES + TSV_SUFFIXES):
        return "csv"
    if name.endswith(PARQUET_SUFFIXES):
        return "parquet"
    raise ValueError(
        f"cannot tell the format of {os.fspath(path)!r} from its suffix "
        f"(one of {', '.join(CSV_SUFFIXES + TSV_SUFFIXES + PARQUET_SUFFIXES)}): "
        "say it with --format csv|tsv|parquet"
    )


def default_delimiter(path, given=None):
    """Tab for .tsv/.tab files (or format tsv), else a comma."""
    if given == "tsv" or (given is None and os.fspath(path).lower().endswith(TSV_SUFFIXES)):
        return "\t"
    return ","


def _pyarrow():
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ImportError(
            "Parquet files need pyarrow, which is not installed: pip install 'weightedroc[parquet]'"
        ) from None


@in_help
def read_table(path, delimiter=None, file_format=None):
    """A DataFrame from a CSV or Parquet file (by suffix); ``-`` reads CSV from stdin.

    As R's ``read.csv``: only an empty field and ``NA`` are missing (a text
    such as ``None``, ``null`` or ``n/a`` is a value); numeric columns read
    ``NaN``, ``Inf`` and ``-Inf``; doubles written with 17 significant
    digits come back exactly.  `delimiter` defaults to a tab for .tsv and
    .tab files and a comma otherwise.
    """
    if table_format(path, file_format) == "parquet":
        _pyarrow()
        return pd.read_parquet(path, engine="pyarrow")
    frame = read_csv_exact(
        sys.stdin if os.fspath(path) == "-" else path,
        delimiter or default_delimiter(path, file_format),
    )
    for name in frame.columns:
        text = frame[name]
        if isinstance(text.dtype, pd.StringDtype) or text.dtype.kind == "O":
            numbers, read = r_numbers(text)
            if text.notna().any() and read.all():  # numbers, NaN, Inf, -Inf
                frame[name] = numbers
    return frame


ROWS = 1 << 15  # rows written at a time: memory stays small whatever the size


def _quoted(text, delimiter):
    """A CSV field as Python's csv module (QUOTE_MINIMAL) writes it."""
    if delimiter in text or '"' in text or "\n" in text:
        return '"' + text.replace('"', '""') + '"'
    return text


def _other_text(column, delimiter):
    """Text of a non-float column as pandas' to_csv writes it (NA for missing)."""
    if not (isinstance(column.dtype, pd.CategoricalDtype) or column.dtype.kind in "iubOSUT"):
        text = column.to_frame().to_csv(
            index=False, header=False, na_rep="NA", lineterminator="\n", sep=delimiter
        )
        # dates and such: pandas' own text, each field as it was written
        return [
            _quoted(row[0], delimiter) if row else ""
            for row in csv.reader(io.StringIO(text), delimiter=delimiter)
        ]
    codes, uniques = pd.factorize(column, use_na_sentinel=True)
    shown = [_quoted(str(value), delimiter) for value in uniques] + ["NA"]
    return np.asarray(shown, dtype=object)[codes].tolist()  # code -1 (missing) is "NA"


def _column_fields(column, delimiter, alone, digits):
    """Each value's CSV field as a row of a uint8 matrix padded with NULs
    (doubles as their shortest exact text, or ``%.17g`` for ``digits=17``;
    Inf and NA), or a list of str when a text holds a NUL character itself."""
    if pd.api.types.is_float_dtype(column.dtype):
        write = format_17g if digits == 17 else format_shortest
        return write(column.to_numpy(dtype=np.float64, na_value=np.nan))
    texts = _other_text(column, delimiter)
    if alone:  # a lone empty field is written quoted, as csv does
        texts = ['""' if text == "" else text for text in texts]
    if any("\x00" in text for text in texts):
        return texts
    encoded = np.array([text.encode("utf-8") for text in texts], dtype=bytes)
    return encoded.view(np.uint8).reshape(len(texts), -1)


def _text_lines(columns, delimiter):
    columns = [c if isinstance(c, list) else decimal_texts(c) for c in columns]
    return "\n".join(map(delimiter.join, zip(*columns))) + "\n"


def _csv_lines(frame, delimiter=",", digits=None):
    """The CSV text of `frame` (header first) in blocks of ROWS rows.

    A block is one matrix of bytes (each field padded with NULs, then the
    delimiter or the newline) whose NULs are deleted: no Python work per
    value but for text columns.
    """
    yield delimiter.join(_quoted(str(name), delimiter) for name in frame.columns) + "\n"
    between = np.frombuffer(delimiter.encode("utf-8"), dtype=np.uint8)
    for start in range(0, len(frame), ROWS):
        part = frame.iloc[start : start + ROWS]
        alone = len(part.columns) == 1
        columns = [_column_fields(part[name], delimiter, alone, digits) for name in part.columns]
        if not columns or any(isinstance(column, list) for column in columns):
            yield _text_lines(columns, delimiter)
            continue
        n = len(part)
        pieces = [columns[0]]
        for column in columns[1:]:
            pieces += [np.broadcast_to(between, (n, len(between))), column]
        pieces.append(np.full((n, 1), ord("\n"), dtype=np.uint8))
        yield np.hstack(pieces).tobytes().translate(None, b"\x00").decode("utf-8")


@in_help
def to_csv_text(frame, delimiter=",", digits=None):
    """CSV text of `frame` (no index) whose doubles round-trip exactly: each
    double as the shortest text that reads back as it (``digits=None``), or
    with 17 significant digits as R's ``sprintf("%.17g", x)`` (``digits=17``).

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"x": [0.1, float("inf"), None], "y": ["a", None, "b"]})
    >>> print(to_csv_text(frame), end="")
    x,y
    0.1,a
    Inf,NA
    NA,b
    >>> print(to_csv_text(frame, digits=17).splitlines()[1])
    0.10000000000000001,a
    """
    _check_digits(digits)
    return "".join(_csv_lines(frame, delimiter, digits))


def _check_digits(digits):
    if digits not in (None, 17):
        raise ValueError(f"digits must be None (the shortest exact text) or 17, got {digits!r}")


@in_help
@contextlib.contextmanager
def atomic_path(path):
    """Yield a temporary path next to `path`; move it onto `path` on success.

    The temporary name ends with the name of `path`, so suffix-based
    choices (compression, image format) are the same.  On any error the
    temporary file is removed and `path` is left as it was.
    """
    path = os.fspath(path)
    directory = os.path.dirname(path) or "."
    temporary = os.path.join(
        directory, f".weightedroc-{secrets.token_hex(6)}-{os.path.basename(path)}"
    )
    # Created as open() would create it (mode 0o666 less the umask).
    os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    try:
        yield temporary
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.remove(temporary)
        raise


def _open_text(path):
    """A text file for writing, compressed by the suffix of `path` as pandas does."""
    name = os.fspath(path).lower()
    for suffix, module in ((".gz", "gzip"), (".bz2", "bz2"), (".xz", "lzma")):
        if name.endswith(suffix):
            return __import__(module).open(path, "wt", encoding="utf-8", newline="")
    if name.endswith(".zst"):
        try:
            import zstandard
        except ImportError:
            raise ImportError(".zst files need zstandard: pip install zstandard") from None
        return io.TextIOWrapper(zstandard.open(path, "wb"), encoding="utf-8", newline="")
    return open(path, "w", encoding="utf-8", newline="")


def _write_parquet(frame, path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.Schema.from_pandas(frame, preserve_index=False)
    with pq.ParquetWriter(path, schema) as writer:
        for start in range(0, max(len(frame), 1), ROWS * 8):
            part = frame.iloc[start : start + ROWS * 8]
            writer.write_table(pa.Table.from_pandas(part, schema=schema, preserve_index=False))


def _write(frame, path, kind, delimiter, digits):
    if kind == "parquet":
        _write_parquet(frame, path)
        return
    with _open_text(path) as file:
        for block in _csv_lines(frame, delimiter, digits):
            file.write(block)


@in_help
def write_table(frame, path=None, file_format=None, delimiter=None, digits=None):
    """Write `frame` to CSV or Parquet (by suffix, or `file_format`); to
    stdout as CSV if `path` is None or ``-``.  CSV doubles are written as
    their shortest exact text, or as ``%.17g`` with ``digits=17`` (see
    `to_csv_text`).

    Written in blocks of rows, so memory stays small.  A file appears only
    once completely written (see `atomic_path`); an existing device or
    pipe (``/dev/null``, a FIFO) is written directly.
    """
    _check_digits(digits)
    if path is None or os.fspath(path) == "-":
        for block in _csv_lines(frame, delimiter or default_delimiter("-", file_format), digits):
            sys.stdout.write(block)
        sys.stdout.flush()
        return
    device = os.path.exists(path) and not os.path.isfile(path)  # /dev/null, a FIFO
    if (
        device
        and file_format is None
        and not os.fspath(path).lower().endswith(CSV_SUFFIXES + TSV_SUFFIXES + PARQUET_SUFFIXES)
    ):
        file_format = "csv"
    kind = table_format(path, file_format)
    delimiter = delimiter or default_delimiter(path, file_format)
    if kind == "parquet":
        _pyarrow()
    if device:
        _write(frame, path, kind, delimiter, digits)
        return
    with atomic_path(path) as temporary:
        _write(frame, temporary, kind, delimiter, digits)
