"""Survival inputs as their users hold them: arrays, columns of a frame
(pandas or polars, by name through ``data=``) or a scikit-survival
structured array (``Surv.from_arrays``) for time and event."""

from typing import NamedTuple

import numpy as np

from ..engine.validation import check_guess, check_weight


class Survival(NamedTuple):
    """Checked survival inputs, in the caller's row order."""

    time: np.ndarray  # float, >= 0
    event: np.ndarray  # int64: 0 censored, 1..K the causes
    guess: np.ndarray  # float, no NaN
    weight: np.ndarray | None


def _column(value, data, name):
    if isinstance(value, str):
        if data is None:
            raise TypeError(f"{name}={value!r} is a column name: pass the frame as data=")
        try:
            value = data[value]
        except (KeyError, IndexError, TypeError) as error:
            raise ValueError(f"data has no column {value!r} (for {name})") from error
    if hasattr(value, "to_numpy"):
        value = value.to_numpy()
    return value


def _structured(time, event):
    """(time, event) of a scikit-survival structured array in `time`."""
    names = time.dtype.names
    if event is not None:
        raise TypeError("time is a structured array (time and event): pass event=None")
    flags = [f for f in names if time.dtype[f].kind == "b"]
    clocks = [f for f in names if time.dtype[f].kind in "fiu"]
    if len(names) != 2 or len(flags) != 1 or len(clocks) != 1:
        raise ValueError(
            "a structured time must have one boolean event field and one numeric "
            f"time field, as scikit-survival's Surv.from_arrays; got fields {names}"
        )
    return time[clocks[0]].astype(float), time[flags[0]].astype(np.int64)


def _time(time):
    try:
        time = np.asarray(time, dtype=float)
    except (TypeError, ValueError) as error:
        raise TypeError(f"time must be numbers, got {error}") from error
    if time.ndim != 1 or len(time) == 0:
        raise ValueError("time must be a non-empty 1-D array of observed times")
    if np.isnan(time).any() or np.isinf(time).any():
        raise ValueError("time must be finite numbers (no NA, no inf)")
    if (time < 0).any():
        raise ValueError(f"time must be >= 0; got {time[time < 0][0]!r}")
    return time


def _event(event, n):
    array = np.asarray(event)
    if array.dtype.kind == "b":
        array = array.astype(np.int64)
    if array.dtype.kind not in "iuf" or array.ndim != 1:
        raise TypeError(
            "event must be a 1-D array of integer codes (0 censored, 1, 2, ... the causes)"
        )
    if array.dtype.kind == "f":
        if np.isnan(array).any() or (array != np.round(array)).any():
            raise ValueError(
                "event codes must be integers (0 censored, 1, 2, ... the causes); "
                f"got {array[np.isnan(array) | (array != np.round(array))][0]!r}"
            )
    if (array < 0).any():
        raise ValueError("event codes must be >= 0 (0 censored, 1, 2, ... the causes)")
    if len(array) != n:
        raise ValueError(f"event has length {len(array)}, time has length {n}")
    return array.astype(np.int64)


def check_survival(time, event, guess, weight=None, data=None, *, name="guess"):
    """Checked `Survival` of what the user passed (never modified)."""
    time, event = (_column(v, data, k) for v, k in ((time, "time"), (event, "event")))
    time = np.asarray(time) if not hasattr(time, "dtype") else time
    if time.dtype.names is not None:
        time, event = _structured(time, event)
    elif event is None:
        raise TypeError("event is required unless time is a scikit-survival structured array")
    time = _time(time)
    event = _event(event, len(time))
    if guess is None:
        raise TypeError(f"{name} is required: the marker (higher means an earlier event)")
    guess = check_guess(_column(guess, data, name), len(time))
    if weight is not None:
        weight = check_weight(_column(weight, data, "weight"), len(time))
    return Survival(time, event, guess, weight)


def check_times(times):
    """The evaluation times: finite numbers, sorted as timeROC sorts them."""
    try:
        times = np.atleast_1d(np.asarray(times, dtype=float))
    except (TypeError, ValueError) as error:
        raise TypeError(f"times must be numbers, got {error}") from error
    if times.ndim != 1 or len(times) == 0:
        raise ValueError("Choose at least one time for computing the time-dependent AUC")
    if not np.isfinite(times).all():
        raise ValueError("times must be finite numbers")
    return np.sort(times, kind="stable")


def check_cause(cause, event):
    """`cause` as an int: a code other than 0 (censoring)."""
    if isinstance(cause, bool) or not float(cause).is_integer() or cause <= 0:
        raise ValueError(f"cause must be a positive integer event code; got {cause!r}")
    return int(cause)
