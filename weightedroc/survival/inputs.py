"""Survival inputs as their users hold them: arrays, columns of a frame
(pandas or polars, by name through ``data=``) or a scikit-survival
structured array (``Surv.from_arrays``) for time and event.

`read_events` is the one reader of (time, event[, cause]) for every
survival function: 0/1 or boolean events need no cause; other codes need
an explicit ``cause=`` (timeROC's), which must occur in the data; R's
``Surv(time, status)`` coding (1 censored, 2 event) is refused with its
fix; errors of swapped arguments say the order is (time, event, guess).
"""

from typing import NamedTuple

import numpy as np

from ..engine.validation import check_guess, check_weight
from ..survey.design import weights_of
from ..utils.warn import warn


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


ORDER = "the order is (time, event, guess), as timeROC's (T, delta, marker)"


def _looks_like_codes(x):
    x = np.asarray(x)
    return x.dtype.kind == "b" or (
        x.dtype.kind in "iuf" and x.ndim == 1 and np.isin(x, (0, 1)).all()
    )


def _event(event, n):
    array = np.asarray(event)
    if array.dtype.kind == "b":
        array = array.astype(np.int64)
    if array.dtype.kind not in "iuf" or array.ndim != 1:
        raise TypeError(
            "event must be a 1-D array of integer codes (0 censored, 1 the event; "
            f"other codes with cause=): {ORDER}"
        )
    if array.dtype.kind == "f":
        if np.isnan(array).any() or (array != np.round(array)).any():
            raise ValueError(
                "event codes must be integers (0 censored, 1 the event); got "
                f"{array[np.isnan(array) | (array != np.round(array))][0]!r}: {ORDER}"
            )
    if (array < 0).any():
        raise ValueError(
            f"event codes must be >= 0 (0 censored, 1 the event); got {array.min()!r}: {ORDER}"
        )
    if len(array) != n:
        raise ValueError(f"event has length {len(array)}, time has length {n}")
    return array.astype(np.int64)


def _codes_text(codes, counts):
    text = ", ".join(f"{c} ({k} rows)" for c, k in zip(codes[:5], counts[:5]))
    return text + (f", ... ({len(codes)} codes)" if len(codes) > 5 else "")


def event_cause(event, cause=None, time=None):
    """The event code of interest in `event` (int codes, checked), by R's
    rules: 0/1 (or booleans) need no `cause`; any other code needs an
    explicit ``cause=`` (timeROC's), which must occur in the data; 1/2
    without 0 is R's ``Surv(time, status)`` coding, refused with its fix."""
    codes, counts = (a.tolist() for a in np.unique(event, return_counts=True))
    text = _codes_text(codes, counts)
    if cause is not None:
        if isinstance(cause, (bool, np.bool_)) or not float(cause).is_integer() or cause <= 0:
            raise ValueError(f"cause must be a positive integer event code; got {cause!r}")
        cause = int(cause)
        if cause not in codes:
            raise ValueError(f"cause={cause} does not occur in event, whose codes are {text}")
        return cause
    if set(codes) <= {0, 1}:
        return 1
    if time is not None and _looks_like_codes(time):
        raise ValueError(
            f"event has codes {text} and time holds only 0 and 1: time and event look "
            f"swapped; {ORDER}"
        )
    if len(codes) > 10:
        raise ValueError(
            f"event has {len(codes)} distinct codes ({text}): it looks like times or "
            f"scores, not event codes (0 censored, 1 the event); {ORDER}"
        )
    if set(codes) == {1, 2}:
        raise ValueError(
            "event is coded 1 and 2 without 0: this is R's Surv(time, status) coding "
            "(1 = censored, 2 = event). Pass event = status - 1 (0 censored, 1 event), "
            "or, if 1 and 2 are two causes without censoring, say which with cause="
        )
    others = [c for c in codes if c not in (0, 1)]
    raise ValueError(
        f"event has codes {text}: codes other than 0 (censored) and 1 (the event) "
        "are read only with an explicit cause= (timeROC's cause; the other codes are "
        f"then competing causes); if the {others} are typing errors, fix them"
    )


class Events(NamedTuple):
    """Checked times, integer event codes and the cause of interest."""

    time: np.ndarray
    event: np.ndarray
    cause: int


def read_events(time, event, cause=None, *, data=None):
    """The checked (time, event codes, cause) of survival data as users hold
    them: arrays, columns of `data` by name, or a scikit-survival structured
    array as `time` (then ``event=None``), with R's event-code rules
    (`event_cause`).  Nothing is modified."""
    time, event = (_column(v, data, k) for v, k in ((time, "time"), (event, "event")))
    time = np.asarray(time) if not hasattr(time, "dtype") else time
    if time.dtype.names is not None:
        time, event = _structured(time, event)
    elif event is None:
        raise TypeError("event is required unless time is a scikit-survival structured array")
    given = time
    try:
        time = _time(time)
    except ValueError as error:
        if "time must be >= 0" in str(error):
            raise ValueError(f"{error}: {ORDER}") from None
        raise
    event = _event(event, len(time))
    return Events(time, event, event_cause(event, cause, given))


class Checked(NamedTuple):
    """Checked survival inputs, in the caller's row order: one or more
    markers on the same subjects."""

    time: np.ndarray  # float, >= 0
    event: np.ndarray  # int64: 0 censored, 1..K the causes
    guesses: list  # float arrays, no NaN
    weight: np.ndarray | None
    cause: int


def check_survival(
    time, event, guesses, weight=None, data=None, *, cause=None, names=("guess",), design=None
):
    """The one validation of a call's inputs (`Checked`; nothing modified).
    With a `design`, the weights are its sampling weights
    (``SurveyDesign(weight=)``, `weights_of`), or `weight`, which must
    agree with them."""
    events = read_events(time, event, cause, data=data)
    n = len(events.time)
    checked = []
    for guess, name in zip(guesses, names):
        if guess is None:
            raise TypeError(f"{name} is required: the marker (higher means an earlier event)")
        checked.append(check_guess(_column(guess, data, name), n))
    if weight is not None:
        weight = _column(weight, data, "weight")
    if design is not None:
        weight = weights_of(design, weight)
    if weight is not None:
        weight = check_weight(weight, n)
    return Checked(events.time, events.event, checked, weight, events.cause)


def time_order(time):
    """The stable order of the times: the one sort of them per call."""
    return np.argsort(time, kind="stable")


def warn_missing(missing):
    """One warning for every (time, reason) with no answer (NaN)."""
    if not missing:
        return
    reasons = {}
    for t, why in missing:
        reasons.setdefault(why, []).append(f"{t:g}")
    text = "; ".join(f"{', '.join(dict.fromkeys(ts))}: {why}" for why, ts in reasons.items())
    warn(f"the AUC is NaN at {len(set(t for t, _ in missing))} time(s): {text}", UserWarning)


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
