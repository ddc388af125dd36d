"""The ``weightedroc`` command: curves and AUCs of CSV or Parquet files.

``weightedroc roc`` writes `roc_table` of a file, ``weightedroc auc``
writes `auc_table`, ``weightedroc gauc`` the one-row summary of
`group_auc` (or its per-group table with ``--groups``).  Doubles are
written so that they round-trip exactly (see `weightedroc.io.tables`).
Bad input ends with status 2 and one line, ``weightedroc: error: ...``,
on stderr, naming the row, column and value of a bad value; no partial
output file is left.  Warnings (text labels without ``--positive``) are
one line each, ``weightedroc: warning: ...``.
"""

import argparse
import contextlib
import numbers
import os
import shlex
import signal
import sys
import threading
import warnings

import numpy as np
import pandas as pd

from .. import __version__
from ..backend import (
    LabelWarning,
)
from ..tidy import auc_table, roc_table
from .tables import atomic_path, first_non_number, read_table, table_format, write_table

PLOT_SUFFIXES = (".png", ".pdf", ".svg")

EPILOG = """\
examples:
  weightedroc roc scores.csv --guess score --label y > roc.csv
  weightedroc roc --by model,fold --guess score --label y --weight cost \\
      scores.parquet -o roc.parquet --plot roc.png
  weightedroc auc scores.csv --guess score --label y --by model --by fold
  weightedroc auc scores.txt --delimiter ';' --guess p --label y --positive disease
  weightedroc gauc log.parquet --guess score --label click --weight impressions \\
      --by user --group-weight weight
  weightedroc gauc log.csv --guess score --label click --by user --interval between
  Rscript -e 'write.csv(d, stdout(), row.names = FALSE)' | weightedroc auc - --guess p --label y

INPUT and --output are CSV (.csv, .csv.gz, ...), tab-separated (.tsv, .tab) or
Parquet (.parquet, .pq), by suffix or --format; '-' reads CSV from stdin, and
output goes to stdout as CSV by default (also with -o -). Options and INPUT go
in any order. As in R's read.csv, only an empty field and NA are missing.
Doubles are written as the shortest text that reads back as the same double
(a weight read as 88.271 is written 88.271; --digits 17 writes R's
sprintf("%.17g", x) instead), Inf and NA as R writes them, so files read back
exactly in R and Python. Labels may be -1/1, 0/1, 1/2 (the
larger is the event), TRUE/FALSE or two texts: without --positive, texts are
sorted as R's factor() sorts them, the second is the event, and a warning on
stderr says which (the exit status stays 0); --positive names the event. An
output that is the input (or a link to it) is refused, and an interrupted run
(Ctrl-C, SIGTERM) leaves no output file. A bad value is reported by its row
(counted from 1 after the header), column and value.
"""


def _column_list(text):
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"empty column name in {text!r}")
    return names


def _delimiter(text):
    text = {"tab": "\t", "\\t": "\t"}.get(text, text)
    if len(text) != 1:
        raise argparse.ArgumentTypeError(f"a delimiter is one character, got {text!r}")
    return text


class Interrupted(BaseException):
    """SIGTERM (or SIGINT) arrived: clean up and exit with 128 + signal."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def _interrupt(signum, frame):
    for caught in (signal.SIGINT, signal.SIGTERM):  # the clean-up is not interrupted
        signal.signal(caught, signal.SIG_IGN)
    raise Interrupted(signum)


class UsageError(Exception):
    """Bad command line or bad input: status 2, one line on stderr."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _add_command(commands, name, help_text, output_help):
    command = commands.add_parser(
        name,
        help=help_text,
        description=help_text,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument(
        "input", metavar="INPUT", help="CSV or Parquet file of observations, '-' for CSV on stdin"
    )
    command.add_argument(
        "--guess",
        required=True,
        metavar="COL",
        help="column of scores (larger: more likely positive)",
    )
    command.add_argument("--label", required=True, metavar="COL", help="column of true classes")
    command.add_argument(
        "--weight", metavar="COL", help="column of positive observation weights (default: 1)"
    )
    command.add_argument(
        "--by",
        action="append",
        type=_column_list,
        metavar="COL[,COL...]",
        help="group columns, comma-separated or repeated: one "
        "curve/AUC per group (missing values form their own group)",
    )
    command.add_argument(
        "--positive",
        metavar="VALUE",
        help="the label value that is the event (read as the label "
        "column's type); default: R's rules",
    )
    command.add_argument(
        "--direction",
        choices=("<", ">"),
        default="<",
        help="'<': higher guesses mean positive (default); "
        "'>': lower guesses mean positive (never guessed)",
    )
    command.add_argument(
        "--delimiter",
        metavar="CHAR",
        type=_delimiter,
        help="field separator of a CSV INPUT (default: tab for "
        ".tsv/.tab, else a comma); 'tab' or '\\t' for a tab",
    )
    command.add_argument("--output", "-o", metavar="PATH", help=output_help)
    command.add_argument(
        "--digits",
        type=int,
        choices=(17,),
        help='17: doubles with 17 significant digits, as R\'s sprintf("%%.17g", x) '
        "(default: the shortest text that reads back as the same double)",
    )
    command.add_argument(
        "--format",
        choices=("csv", "tsv", "parquet"),
        help="format of --output when its suffix does not tell "
        "(default for devices such as /dev/null: csv)",
    )
    return command


def parser():
    """The argparse parser of the ``weightedroc`` command."""
    main_parser = _Parser(
        prog="weightedroc",
        epilog=EPILOG,
        description="Exact weighted ROC curves and AUC (R's WeightedROC, bit for bit).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    main_parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = main_parser.add_subparsers(
        dest="command", required=True, metavar="{roc,auc,gauc,compare}"
    )
    roc = _add_command(
        commands,
        "roc",
        "write the weighted ROC curve (of each group)",
        "CSV or Parquet file for the curve (default: CSV on stdout); "
        "columns: the --by columns, TPR, FPR, threshold, FN, FP",
    )
    roc.add_argument(
        "--plot",
        metavar="PNG",
        help="also draw the curve(s) to this image (.png, .pdf or .svg; "
        "needs plotnine: pip install 'weightedroc[plot]')",
    )
    _add_command(
        commands,
        "auc",
        "write the weighted AUC (of each group)",
        "CSV or Parquet file for the table (default: CSV on stdout); "
        "columns: the --by columns, auc, n, positive_weight, negative_weight",
    )
    _add_gauc(commands)
    _add_compare(commands)
    return main_parser


def _add_gauc(commands):
    from ..backend import GROUP_WEIGHTS, INTERVALS

    gauc = _add_command(
        commands,
        "gauc",
        "write GAUC, the weighted mean of the AUCs of the --by groups with both "
        "labels, with DeLong's interval (groups independent) or the between-groups one",
        "CSV or Parquet file for the result (default: CSV on stdout); columns: "
        "gauc, n_groups, n_skipped, std_error, conf_low, conf_high, conf_level, "
        "df, group_weight, interval (with --groups: the --by columns, auc, n, "
        "positive_weight, negative_weight, group_weight, variance)",
    )
    gauc.add_argument(
        "--group-weight",
        choices=GROUP_WEIGHTS,
        default="n",
        help="how each group's AUC counts: its rows (default), total weight "
        "(e.g. impressions), positives' total weight, or equally",
    )
    gauc.add_argument(
        "--conf-level",
        type=float,
        default=0.95,
        metavar="LEVEL",
        help="level of the interval, in (0, 1) (default 0.95)",
    )
    gauc.add_argument(
        "--weights-are",
        choices=("importance", "frequency"),
        default="importance",
        help="what --weight is, for the groups' DeLong variances (default importance)",
    )
    gauc.add_argument(
        "--min-per-class",
        type=int,
        default=1,
        metavar="N",
        help="skip groups with fewer positives or negatives (default 1: both "
        "labels; 2 gives every group used a DeLong variance, hence an interval)",
    )
    gauc.add_argument(
        "--interval",
        choices=INTERVALS,
        default="delong",
        help="the interval's variance: delong (default; these groups fixed, "
        "undefined with a single click or skip in a group) or between (the "
        "spread of the groups' AUCs: groups sampled from a population of users; "
        "defined with 2 groups or more)",
    )
    gauc.add_argument(
        "--groups",
        action="store_true",
        help="write the per-group table (each group's AUC, weight and variance) "
        "instead of the one-row result",
    )


def _same_file(a, b):
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet): not the same file
        return False


def _check_paths(args):
    """Fail before any work on a missing input, an output that is the input,
    or an output whose format cannot be told."""
    if args.input != "-" and not os.path.isfile(args.input):
        raise UsageError(f"input file {args.input!r} does not exist")
    table_format(args.input)
    plot = getattr(args, "plot", None)
    for option, path in (("--output", args.output), ("--plot", plot)):
        if path not in (None, "-") and args.input != "-" and _same_file(path, args.input):
            raise UsageError(
                f"{option} {path!r} is the input file: refusing to "
                "overwrite the data (write to another path)"
            )
    if args.output not in (None, "-") and not (
        os.path.exists(args.output) and not os.path.isfile(args.output)
    ):
        table_format(args.output, args.format)  # devices default to CSV
    if plot is not None and not plot.lower().endswith(PLOT_SUFFIXES):
        raise UsageError(
            f"--plot {plot!r}: expected a file name ending in {', '.join(PLOT_SUFFIXES)}"
        )
    for path in (args.output, plot):
        if path not in (None, "-") and not os.path.isdir(os.path.dirname(path) or "."):
            raise UsageError(f"cannot write {path!r}: its directory does not exist")
    if plot is not None:
        from ..plots._plotnine import plotnine

        plotnine()  # a missing extra fails now, not after the work


def _check_numbers(data, args):
    """Name the row, column and value of the first guess or weight that is
    not a number (the rows counted from 1 after the header)."""
    for name in (args.guess, args.weight):
        if name is None or name not in data.columns:
            continue
        found = first_non_number(data[name])
        if found is not None:
            row, value = found
            raise UsageError(f"row {row + 1}, column {name!r}: {value!r} is not a number")
    if len(data.columns) == 1 and args.delimiter is None:
        only = str(data.columns[0])
        for separator in (";", "\t", "|"):
            if separator in only:
                raise UsageError(
                    f"the input has one column, {only!r}: if its fields are "
                    f"separated by {separator!r}, say --delimiter "
                    f"{separator!r}".replace("'\\t'", "tab")
                )


def _label_value(data, args):
    """--positive as a value of the label column's type."""
    if args.positive is None or args.label not in data.columns:
        return None
    column, text = data[args.label], args.positive
    if pd.api.types.is_bool_dtype(column.dtype):
        if text.upper() not in ("TRUE", "FALSE"):
            raise UsageError(f"--positive {text!r}: the label column holds TRUE/FALSE")
        return text.upper() == "TRUE"
    if pd.api.types.is_numeric_dtype(column.dtype):
        try:
            value = float(text)
        except ValueError:
            raise UsageError(f"--positive {text!r}: the label column holds numbers") from None
        return int(value) if value.is_integer() and column.dtype.kind in "iu" else value
    return text


# -- a bad value, by row, column and value -------------------------------------

NUMERIC_LABELS = (
    "numeric labels take the values {-1, 1}, {0, 1} or {1, 2} "
    "(R: label %in% c(-1, 1) are not all TRUE)"
)
LABEL_PAIRS = ({-1.0, 1.0}, {0.0, 1.0}, {1.0, 2.0})


def _shown(value):
    """A value as R prints it: -2, 0.5, Inf, NA, TRUE; text quoted."""
    if value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value)):
        return "NA"
    if isinstance(value, (bool, np.bool_)):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, numbers.Real):
        if np.isinf(value):
            return "Inf" if value > 0 else "-Inf"
        text = repr(float(value))
        return text[:-2] if text.endswith(".0") else text
    return repr(str(value))


def _first(mask):
    """Position of the first True in a boolean array, or None."""
    at = int(np.argmax(mask)) if len(mask) else 0
    return at if len(mask) and mask[at] else None


def _at(column, name, at, words):
    """'row N, column 'c': VALUE words' (N counted from 1 after the header)."""
    return f"row {at + 1}, column {name!r}: {_shown(column.iloc[at])} {words}"


def _not_numbers(column, name, role):
    """Booleans where numbers belong: the first row names them."""
    if pd.api.types.is_bool_dtype(column.dtype) and len(column):
        return _at(column, name, 0, f"is not a number (R: is.numeric({role}) is not TRUE)")
    return None


def _bad_label(column, name, positive):
    """The first row whose label R's rules (or --positive) cannot read."""
    missing = _first(column.isna().to_numpy())
    if missing is not None:
        return _at(
            column, name, missing, "is not a label: every row needs a positive or negative one"
        )
    values = column.to_numpy() if isinstance(column.dtype, pd.CategoricalDtype) else column
    codes, distinct = pd.factorize(values)  # codes in order of first appearance
    numeric = pd.api.types.is_numeric_dtype(column.dtype) and not pd.api.types.is_bool_dtype(
        column.dtype
    )
    if positive is not None or not numeric:
        if len(distinct) <= 2:
            return None
        first, second = (_shown(value) for value in distinct[:2])
        return _at(
            column,
            name,
            _first(codes == 2),
            f"is a third label value (after {first} and {second}): the labels must take 2 values",
        )
    distinct = np.asarray(distinct, dtype=np.float64)
    for k, value in enumerate(distinct):
        if any(set(distinct[: k + 1]) <= pair for pair in LABEL_PAIRS):
            continue
        at = _first(codes == k)
        if not any(value in pair for pair in LABEL_PAIRS):
            return _at(column, name, at, f"is not a label value: {NUMERIC_LABELS}")
        if k == 1:
            return _at(
                column,
                name,
                at,
                f"cannot be a label with {_shown(distinct[0])} (row "
                f"{_first(codes == 0) + 1}): {NUMERIC_LABELS}",
            )
        return _at(
            column,
            name,
            at,
            f"is a third label value (after {_shown(distinct[0])} and "
            f"{_shown(distinct[1])}): {NUMERIC_LABELS}",
        )
    return None


def _bad_guess(column, name):
    """The first guess that is not a number."""
    missing = _first(column.isna().to_numpy())
    if missing is not None:
        return _at(column, name, missing, "is not a number (R: ROC curve undefined for NA guess)")
    return _not_numbers(column, name, "guess")


def _bad_weight(column, name):
    """The first weight that is missing, not positive or infinite."""
    found = _not_numbers(column, name, "weight")
    if found is not None or not pd.api.types.is_numeric_dtype(column.dtype):
        return found
    values = column.to_numpy(dtype=np.float64, na_value=np.nan)
    at = _first(~(values > 0) | (values == np.inf))  # NaN is not > 0
    if at is None:
        return None
    if values[at] == np.inf:
        return _at(
            column,
            name,
            at,
            "is not a finite weight: an infinite weight makes the rates undefined (R returns NaN)",
        )
    return _at(column, name, at, "is not a positive weight (R: weight > 0 are not all TRUE)")


def _bad_value(data, args, positive):
    """The first bad value of the label, guess or weight column (checked in
    that order, as the tables check them), named by row; None if none is."""
    checks = (
        (args.label, lambda column: _bad_label(column, args.label, positive)),
        (args.guess, lambda column: _bad_guess(column, args.guess)),
        (args.weight, lambda column: _bad_weight(column, args.weight)),
    )
    for name, check in checks:
        if name is None or list(data.columns).count(name) != 1:
            continue
        found = check(data[name])
        if found is not None:
            return found
    return None


def _save_plot(table, by, path):
    from ..plots import roc_plot

    plot = roc_plot(table, by=list(by) if by else None)
    with atomic_path(path) as temporary:
        plot.save(temporary, width=6.5 if by else 5, height=5, dpi=150, verbose=False)


@contextlib.contextmanager
def _writing(path):
    """Report an OSError while writing `path` by its name, not a temporary one."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as error:
        raise UsageError(f"cannot write {path!r}: {error.strerror or error}") from None


def _table_of(data, args):
    """The command's table of `data`; its warnings printed, one line each,
    and a bad value named by row, column and value."""
    make = {"roc": roc_table, "auc": auc_table, "gauc": _gauc_table}[args.command]
    options = (
        dict(
            group_weight=args.group_weight,
            conf_level=args.conf_level,
            weights_are=args.weights_are,
            min_per_class=args.min_per_class,
            interval=args.interval,
            groups=args.groups,
        )
        if args.command == "gauc"
        else {}
    )
    positive = _label_value(data, args)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LabelWarning)
        try:
            table = make(
                data,
                guess=args.guess,
                label=args.label,
                weight=args.weight,
                by=args.by,
                positive=positive,
                direction=args.direction,
                **options,
            )
        except (ValueError, TypeError):
            found = _bad_value(data, args, positive)  # the row, when a value is to blame
            if found is None:
                raise
            raise UsageError(found) from None
    for warning in caught:
        _warn(_warning_text(warning.message, args))
    return table


def _gauc_table(data, guess, label, weight, by, *, groups, **options):
    """`group_auc`'s one-row frame, or its per-group table with `groups`."""
    from .. import group_auc

    result = group_auc(data, guess, label, weight, by=by, **options)
    return result.groups if groups else result.to_frame()


def _check_gauc(args):
    if not args.by:
        raise UsageError("gauc needs --by: the columns of the groups (user, query, ...)")
    if not 0 < args.conf_level < 1:
        raise UsageError(
            f"--conf-level must be between 0 and 1 (exclusive), e.g. 0.95; got {args.conf_level:g}"
        )
    if args.min_per_class < 1:
        raise UsageError(f"--min-per-class must be at least 1, got {args.min_per_class}")


def run(args):
    """Do what the parsed command line `args` asks; returns the exit status."""
    if args.command == "compare":
        return _run_compare(args)
    args.by = [name for names in args.by or [] for name in names]
    if args.command == "gauc":
        _check_gauc(args)
    _check_paths(args)
    try:
        data = read_table(args.input, delimiter=args.delimiter)
    except (ValueError, OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read {args.input!r}: {error}") from None
    _check_numbers(data, args)
    table = _table_of(data, args)
    del data
    if getattr(args, "plot", None):  # first: the likelier failure
        with _writing(args.plot):
            _save_plot(table, args.by, args.plot)
    with _writing(args.output or "stdout"):
        write_table(table, args.output, file_format=args.format, digits=args.digits)


# -- weightedroc compare A B [--ulps N] ----------------------------------------

COMPARE_HELP = "compare two tables of the same curve, column by column, in ulps"
COMPARE_EPILOG = """\
Rows are matched after sorting both tables by their non-float columns (group
keys) and threshold, as WeightedROC orders them. Exit status: 0 when every
shared column is identical (or within --ulps N), 1 when some column differs,
2 on bad input (a missing file, different numbers of rows, no shared column).
R writes 15 significant digits by default: write.csv columns formatted with
sprintf("%.17g", x) to compare R's exact numbers.

examples:
  weightedroc compare roc_r.csv roc_python.csv
  weightedroc compare roc_r.csv roc_python.parquet --ulps 4
"""


def _add_compare(commands):
    command = commands.add_parser(
        "compare",
        help=COMPARE_HELP,
        description=COMPARE_HELP,
        epilog=COMPARE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("first", metavar="A", help="CSV or Parquet file of a table")
    command.add_argument("second", metavar="B", help="CSV or Parquet file of the same table")
    command.add_argument(
        "--ulps",
        type=int,
        default=0,
        metavar="N",
        help="values at most N doubles apart count as equal (default 0)",
    )


def _run_compare(args):
    from .compare import compare_tables

    if args.ulps < 0:
        raise UsageError(f"--ulps must be >= 0, got {args.ulps}")
    for path in (args.first, args.second):
        if not os.path.isfile(path):
            raise UsageError(f"input file {path!r} does not exist")
    try:
        report = compare_tables(args.first, args.second, ulps=args.ulps)
    except (ValueError, OSError, UnicodeDecodeError) as error:
        raise UsageError(str(error)) from None
    shown = report.astype(object).where(report.notna(), "-")
    shown["max_rel_diff"] = [
        value if value == "-" else f"{value:.3g}" for value in shown["max_rel_diff"]
    ]
    if not report["na_mismatches"].any():
        shown = shown.drop(columns="na_mismatches")
    print(shown.to_string(index=False))
    same = bool(report["within_ulps"].all())
    print(
        ("identical" if report["identical"].all() else f"within {args.ulps} ulps")
        if same
        else "different"
    )
    return 0 if same else 1


def _warning_text(warning, args):
    """A warning in the command's words (--positive, not positive=)."""
    if not isinstance(warning, LabelWarning):
        return str(warning)
    chosen, other = (shlex.quote(warning.positive), shlex.quote(warning.negative))
    return (
        f"column {args.label!r} has 2 text values: {warning.positive!r} is taken as "
        f"positive and {warning.negative!r} as negative (the second in sorted order, "
        f"as R's factor() makes levels); say --positive {chosen} to keep this or "
        f"--positive {other} for the other"
    )


def _warn(message):
    print(f"weightedroc: warning: {' '.join(str(message).split())}", file=sys.stderr)


def _fail(message, status):
    print(f"weightedroc: error: {' '.join(str(message).split())}", file=sys.stderr)
    return status


def main(argv=None):
    """Run the command line; returns the exit status: 0, 2 for bad input,
    128 + the signal's number after SIGINT or SIGTERM (no output file left)."""
    handlers = {
        caught: signal.signal(caught, _interrupt)
        for caught in (signal.SIGINT, signal.SIGTERM)
        if threading.current_thread() is threading.main_thread()
    }
    try:
        status = run(parser().parse_args(argv))
    except Interrupted as stop:
        return 128 + stop.signum
    except SystemExit as done:  # --help, --version
        return done.code
    except BrokenPipeError:  # stdout closed early, as by `| head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (UsageError, ValueError, TypeError, ImportError, OSError) as error:
        return _fail(error, 2)
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except Exception as error:  # a bug: still one line, but status 1
        return _fail(f"unexpected {type(error).__name__}: {error}", 1)
    finally:
        for caught, handler in handlers.items():
            signal.signal(caught, handler)
    return status or 0
