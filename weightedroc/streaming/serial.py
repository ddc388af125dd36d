"""A state as bytes: numpy's npz (no extra dependency) or an Arrow IPC stream.

The arrays are the bins' columns; the rest (budget, positive, direction,
label kind and values, rows seen) is JSON, in the npz as a string and in
Arrow as the schema's metadata.  `loads` tells the two apart by their
first bytes (npz is a zip: ``PK``).
"""

import io
import json

import numpy as np

from .bins import Bins
from .classes import Classes

VERSION = 1
COLUMNS = ("start", "level", "lo", "hi", "weight0", "weight1", "known0", "known1")


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _meta(state):
    classes = state._classes
    return json.dumps(
        {
            "version": VERSION,
            "max_scores": state.max_scores,
            "positive": _plain(state.positive),
            "direction": state.direction,
            "n": state.n,
            "kind": None if classes is None else classes.kind,
            "values": None if classes is None else [_plain(v) for v in classes.values],
            "cuts": None if state._cuts is None else state.cut_plan().tolist(),
        }
    )


def _columns(bins):
    return dict(zip(COLUMNS, (bins.start, bins.level, bins.lo, bins.hi, *bins.weight, *bins.known)))


def dumps(state, format="numpy"):
    """`state` as bytes in `format` ("numpy" or "arrow")."""
    columns = _columns(state._bins)
    if format == "numpy":
        buffer = io.BytesIO()
        np.savez_compressed(buffer, meta=np.array(_meta(state)), **columns)
        return buffer.getvalue()
    if format == "arrow":
        try:
            import pyarrow as pa
        except ImportError:
            raise ImportError("format='arrow' needs pyarrow: pip install pyarrow") from None
        table = pa.table(columns).replace_schema_metadata({"weightedroc": _meta(state)})
        sink = pa.BufferOutputStream()
        with pa.ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table)
        return sink.getvalue().to_pybytes()
    raise ValueError(f"format must be 'numpy' or 'arrow', got {format!r}")


NOT_A_STATE = (
    "data is not a RocAccumulator state: expected the bytes of to_bytes() "
    "(numpy's npz, starting b'PK', or an Arrow IPC stream, starting b'\\xff\\xff\\xff\\xff')"
)
ARROW = b"\xff\xff\xff\xff"  # an IPC stream's first message: the continuation marker


def _read_npz(data):
    with np.load(io.BytesIO(data), allow_pickle=False) as stored:
        return json.loads(str(stored["meta"])), {name: stored[name] for name in COLUMNS}


def _read_arrow(data):
    try:
        import pyarrow as pa
    except ImportError:
        raise ImportError("reading an Arrow state needs pyarrow: pip install pyarrow") from None
    table = pa.ipc.open_stream(data).read_all()
    meta = json.loads(table.schema.metadata[b"weightedroc"])
    return meta, {name: table.column(name).to_numpy() for name in COLUMNS}


def loads(cls, data):
    """The `cls` state `dumps` wrote in `data`."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, got {type(data).__name__}")
    data = bytes(data)
    if data[:2] == b"PK":
        read = _read_npz
    elif data[:4] == ARROW:
        read = _read_arrow
    else:
        raise ValueError(f"{NOT_A_STATE}; got {data[:16]!r}")
    try:
        meta, columns = read(data)
    except ImportError:
        raise
    except Exception as error:  # zipfile's, numpy's, json's or pyarrow's own
        raise ValueError(f"{NOT_A_STATE}; reading it failed: {error}") from error
    if not isinstance(meta, dict) or meta.get("version") != VERSION:
        version = meta.get("version") if isinstance(meta, dict) else None
        raise ValueError(f"unknown state version {version!r} (expected {VERSION})")
    cuts = meta.get("cuts")  # states written before cut plans have none
    budget = None if cuts is not None else meta["max_scores"]
    state = cls(budget, positive=meta["positive"], direction=meta["direction"], cuts=cuts)
    state.n = meta["n"]
    if meta["kind"] is not None:
        state._classes = Classes(meta["kind"], tuple(meta["values"]))
    state._bins = Bins(
        columns["start"].astype(np.uint64),
        columns["level"].astype(np.uint8),
        columns["lo"].astype(np.float64),
        columns["hi"].astype(np.float64),
        np.array([columns["weight0"], columns["weight1"]], dtype=np.float64),
        np.array([columns["known0"], columns["known1"]], dtype=np.float64),
    )
    return state
