"""The ``weightedroc`` command: curves and AUCs of CSV or Parquet files.

``weightedroc roc`` writes `roc_table` of a file, ``weightedroc auc``
writes `auc_table`.  Doubles are written so that they round-trip exactly
(see `weightedroc.io.tables`).  Bad input ends with status 2 and one line,
``weightedroc: error: ...``, on stderr; no partial output file is left.
"""

import argparse
import contextlib
import os
import sys

from .. import __version__
from .tables import atomic_path, read_table, table_format, write_table
from ..tidy import auc_table, roc_table

PLOT_SUFFIXES = (".png", ".pdf", ".svg")

EPILOG = """\
examples:
  weightedroc roc scores.csv --guess score --label y > roc.csv
  weightedroc roc scores.parquet --guess score --label y --weight cost \\
      --by model fold --output roc.parquet --plot roc.png
  weightedroc auc scores.csv --guess score --label y --by model
  Rscript -e 'write.csv(d, stdout(), row.names = FALSE)' | weightedroc auc - --guess p --label y

INPUT and --output are CSV or Parquet, by suffix (.csv, .csv.gz, .parquet, .pq);
'-' reads CSV from stdin, and output goes to stdout as CSV by default. Doubles
are written with 17 significant digits, Inf and NA as R writes them, so files
read back exactly in R and Python. Labels may be -1/1, 0/1, 1/2, TRUE/FALSE or
two strings (sorted: the first is negative, as R's factor()).
"""


class UsageError(Exception):
    """Bad command line or bad input: status 2, one line on stderr."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _add_command(commands, name, help_text, output_help):
    command = commands.add_parser(name, help=help_text, description=help_text,
                                  epilog=EPILOG,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    command.add_argument("input", metavar="INPUT",
                         help="CSV or Parquet file of observations, '-' for CSV on stdin")
    command.add_argument("--guess", required=True, metavar="COL",
                         help="column of scores (larger: more likely positive)")
    command.add_argument("--label", required=True, metavar="COL",
                         help="column of true classes")
    command.add_argument("--weight", metavar="COL",
                         help="column of positive observation weights (default: 1)")
    command.add_argument("--by", nargs="+", action="extend", metavar="COL",
                         help="group columns: one curve/AUC per group "
                              "(missing values form their own group)")
    command.add_argument("--output", "-o", metavar="PATH", help=output_help)
    return command


def parser():
    """The argparse parser of the ``weightedroc`` command."""
    main_parser = _Parser(prog="weightedroc", epilog=EPILOG,
                          description="Exact weighted ROC curves and AUC "
                                      "(R's WeightedROC, bit for bit).",
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    main_parser.add_argument("--version", action="version",
                             version=f"%(prog)s {__version__}")
    commands = main_parser.add_subparsers(dest="command", required=True,
                                          metavar="{roc,auc}")
    roc = _add_command(commands, "roc", "write the weighted ROC curve (of each group)",
                       "CSV or Parquet file for the curve (default: CSV on stdout); "
                       "columns: the --by columns, TPR, FPR, threshold, FN, FP")
    roc.add_argument("--plot", metavar="PNG",
                     help="also draw the curve(s) to this image (.png, .pdf or .svg; "
                          "needs plotnine: pip install 'weightedroc[plot]')")
    _add_command(commands, "auc", "write the weighted AUC (of each group)",
                 "CSV or Parquet file for the table (default: CSV on stdout); "
                 "columns: the --by columns, auc, n, positive_weight, negative_weight")
    return main_parser


def _check_paths(args):
    """Fail before any work on a missing input or an unknown output suffix."""
    if args.input != "-" and not os.path.isfile(args.input):
        raise UsageError(f"input file {args.input!r} does not exist")
    table_format(args.input)
    plot = getattr(args, "plot", None)
    if args.output not in (None, "-"):
        table_format(args.output)
    if plot is not None and not plot.lower().endswith(PLOT_SUFFIXES):
        raise UsageError(f"--plot {plot!r}: expected a file name ending in "
                         f"{', '.join(PLOT_SUFFIXES)}")
    for path in (args.output, plot):
        if path not in (None, "-") and not os.path.isdir(os.path.dirname(path) or "."):
            raise UsageError(f"cannot write {path!r}: its directory does not exist")
    if plot is not None:
        from ..plots._plotnine import plotnine
        plotnine()  # a missing extra fails now, not after the work


def _save_plot(table, by, path):
    from ..plots import roc_plot
    plot = roc_plot(table, group=list(by) if by else None)
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


def run(args):
    """Do what the parsed command line `args` asks."""
    _check_paths(args)
    try:
        data = read_table(args.input)
    except (ValueError, OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read {args.input!r}: {error}") from None
    make = roc_table if args.command == "roc" else auc_table
    table = make(data, guess=args.guess, label=args.label, weight=args.weight, by=args.by)
    if getattr(args, "plot", None):  # first: the likelier failure
        with _writing(args.plot):
            _save_plot(table, args.by, args.plot)
    with _writing(args.output or "stdout"):
        write_table(table, args.output)


def _fail(message, status):
    print(f"weightedroc: error: {' '.join(str(message).split())}", file=sys.stderr)
    return status


def main(argv=None):
    """Run the command line; returns the exit status (0, or 2 for bad input)."""
    try:
        run(parser().parse_args(argv))
    except SystemExit as done:  # --help, --version
        return done.code
    except BrokenPipeError:  # stdout closed early, as by `| head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (UsageError, ValueError, TypeError, ImportError, OSError) as error:
        return _fail(error, 2)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug: still one line, but status 1
        return _fail(f"unexpected {type(error).__name__}: {error}", 1)
    return 0
