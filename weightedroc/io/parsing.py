"""CSV text to the doubles that were written, on every supported pandas.

pandas 3 parses CSV doubles exactly (correctly rounded).  pandas 2 does
not: its default parser is off on about 30% of 17-digit numbers (by one
ulp, or by thousands for some: 7100 seen).
Its round-trip parser is exact but calls Python's float for each value,
several times slower; so on pandas 2, when pyarrow is installed (it is
wherever Parquet is read), pandas' fast parser types the columns and
pyarrow's parser, which is correctly rounded, reads the double columns
again.  The two must agree on every missing value and be within pandas'
parsing error of each other everywhere (a larger difference is another
reading of the text), or the file is read with the round-trip parser.
"""

import warnings

import numpy as np
import pandas as pd

from ..utils.signatures import in_help

__all__ = ["read_csv_exact", "r_numbers", "first_non_number", "CHUNK_ROWS"]

PANDAS_EXACT = int(pd.__version__.split(".")[0]) >= 3
CHUNK_ROWS = 1 << 16  # rows parsed at a time: the parser's buffers stay small
# pandas 2's fast parser is thousands of ulps off on some 17-digit numbers
# (7100 seen, about 1e-12 relative): further apart is another reading
PARSER_ERROR = 1e-9
ROUND_TRIP = {} if PANDAS_EXACT else {"float_precision": "round_trip"}


def read_csv_exact(source, delimiter):
    """`pd.read_csv` as R's ``read.csv`` reads (only an empty field and
    ``NA`` are missing), every double correctly rounded.  `source` is a
    path or an open text file (read whole, once)."""
    options = dict(sep=delimiter, keep_default_na=False, na_values=["", "NA"], low_memory=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # mixed types are reported by column and row
        if not isinstance(source, (str, bytes)) and not hasattr(source, "__fspath__"):
            return pd.read_csv(source, **options, **ROUND_TRIP)
        if PANDAS_EXACT or not _has_pyarrow() or str(source).endswith((".xz", ".zst", ".bz2")):
            return read_in_chunks(source, {**options, **ROUND_TRIP})
        frame = read_in_chunks(source, options)
        if _reread_doubles(frame, source, delimiter):
            return frame
        return read_in_chunks(source, {**options, **ROUND_TRIP})


def read_in_chunks(path, options):
    """`pd.read_csv(path, **options)`, parsed CHUNK_ROWS rows at a time.

    Whole, the parser holds the file's text and an offset per field (about
    100 bytes a row for three numbers); in chunks, a chunk's.  The chunks
    are what the whole file gives when each column has one type in every
    chunk (integers beside doubles become doubles, as in the whole file);
    a column whose type changes between chunks (numbers, then text) is
    rare, and the file is then read whole, so that it is typed as a whole.
    """
    parts = list(pd.read_csv(path, chunksize=CHUNK_ROWS, **options))
    if len(parts) <= 1:
        return parts[0] if parts else pd.read_csv(path, **options)
    for name in range(len(parts[0].columns)):
        types = {_kind(part.iloc[:, name]) for part in parts}
        if len(types) > 1 and not types <= {np.dtype(np.int64), np.dtype(np.float64)}:
            del parts
            return pd.read_csv(path, **options)
    return pd.concat(parts, ignore_index=True)


def _kind(column):
    """A column's dtype, and for object columns what they hold: a chunk
    of TRUE/FALSE and NA holds booleans, where the whole file may hold text."""
    if column.dtype == object:
        return pd.api.types.infer_dtype(column, skipna=True)
    return column.dtype


def _has_pyarrow():
    try:
        import pyarrow.csv  # noqa: F401
    except ImportError:
        return False
    return True


def _reread_doubles(frame, path, delimiter):
    """Replace `frame`'s float64 columns by pyarrow's parse of the same
    text; False (and `frame` unchanged) if pyarrow reads them differently
    from pandas in any way but pandas' rounding error."""
    import pyarrow as pa
    import pyarrow.csv as pc

    doubles = [i for i, dtype in enumerate(frame.dtypes) if dtype == np.float64]
    if not doubles:
        return True
    names = [f"c{i}" for i in range(frame.shape[1])]  # pandas' names may repeat
    exact = {i: np.empty(len(frame)) for i in doubles}
    done = 0
    try:  # streamed a block at a time: memory stays that of a block
        reader = pc.open_csv(
            path,
            read_options=pc.ReadOptions(
                column_names=names, skip_rows=1, use_threads=False, block_size=1 << 16
            ),  # 64 KiB blocks: with 1 MiB ones it held 42 MB for a 41 MB file, with these 5
            parse_options=pc.ParseOptions(delimiter=delimiter, newlines_in_values=True),
            convert_options=pc.ConvertOptions(
                include_columns=[names[i] for i in doubles],
                column_types={names[i]: pa.float64() for i in doubles},
                null_values=["", "NA"],
                strings_can_be_null=True,
                quoted_strings_can_be_null=True,
            ),
            memory_pool=pa.system_memory_pool(),  # freed blocks go back (jemalloc keeps them)
        )
        for batch in reader:
            if done + batch.num_rows > len(frame):
                return False
            for i, values in exact.items():
                column = batch.column(names[i]).to_numpy(zero_copy_only=False)
                values[done : done + batch.num_rows] = column
            done += batch.num_rows
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, OSError):
        return False
    if done != len(frame):
        return False
    for i, arrow in exact.items():
        fast = frame.iloc[:, i].to_numpy()
        if not np.array_equal(np.isnan(arrow), np.isnan(fast)):
            return False
        with np.errstate(invalid="ignore", over="ignore"):
            near = (fast == arrow) | (np.abs(fast - arrow) <= PARSER_ERROR * np.abs(arrow))
        tiny = (np.abs(fast) < 1e-300) & (np.abs(arrow) < 1e-300)  # pandas' subnormals
        if not (near | tiny | np.isnan(fast)).all():
            return False
    for i, values in exact.items():
        frame.isetitem(i, values)
    return True


R_SPECIAL = {"NaN": np.nan, "Inf": np.inf, "-Inf": -np.inf}


@in_help
def r_numbers(column):
    """(doubles, read) of a text column, the way R reads numbers: `doubles`
    holds the numbers, NaN, Inf and -Inf (NaN elsewhere); `read` says which
    values were read as numbers or are missing.

    pandas' `to_numeric` only decides which texts are numbers: before
    pandas 3 it is not correctly rounded, so the values themselves are read
    by Python's `float`, which is.
    """
    special = column.isin(list(R_SPECIAL))
    numeric = pd.to_numeric(column.where(~special), errors="coerce").notna().to_numpy()
    numbers = np.full(len(column), np.nan)
    numbers[numeric] = [float(text) for text in column.to_numpy()[numeric]]
    numbers = pd.Series(numbers, index=column.index)
    numbers[special] = column[special].map(R_SPECIAL)
    return numbers, special | numbers.notna() | column.isna()


@in_help
def first_non_number(column):
    """(row position, value) of the first value of `column` that R would not
    read as a number (missing values are not counted), or None."""
    if column.dtype.kind in "iufb":
        return None
    read = r_numbers(column)[1].to_numpy()
    if read.all():
        return None
    at = int(np.flatnonzero(~read)[0])
    return at, column.iloc[at]
