"""The data of a design: `Coded` (a `SurveyDesign` resolved on its rows)
and `ReplicateWeights` (R's ``survey::svrepdesign``).  A leaf: the builders
(`.replicates`), the variances (`.variance`) and the AUCs (`.auc`) read it,
and `.design` re-exports `ReplicateWeights`."""

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from ..utils.signatures import in_help


class Coded(NamedTuple):
    """A design resolved on n rows: PSUs and strata coded 0, 1, ... in order
    of first appearance (R's ``unique``), and each PSU's population size.
    A multistage design with fpc holds, per PSU, its rows and their design
    at the next stage (`later`), as ``survey:::multistage`` recurses."""

    psu: np.ndarray  # row -> PSU code
    psu_stratum: np.ndarray  # PSU code -> stratum code
    n_psu: np.ndarray  # stratum code -> number of PSUs
    popsize: np.ndarray | None  # PSU code -> population size of its stratum (PSUs), or None
    strata_names: list  # stratum code -> the user's value
    has_strata: bool
    later: tuple = ()  # (rows, Coded of the next stage within them) per PSU, with fpc only
    stage: int = 1
    lonely_psu: str = "fail"  # survey's options(survey.lonely.psu =)
    calibration: tuple = ()  # each calibration's residual data (survey's postStrata)

    @property
    def df(self) -> int:
        """survey's ``degf``: PSUs minus strata."""
        return len(self.psu_stratum) - len(self.n_psu)


@in_help
@dataclass(frozen=True, eq=False)  # arrays and frames: compared by identity
class ReplicateWeights:
    """Replicate weights, as ``survey::svrepdesign``.

    Parameters
    ----------
    matrix : array-like, shape (n_rows, n_replicates)
        The replicate weights of each row (survey's ``repweights``).
    scale : float
        The variance's overall multiplier.
    rscales : array-like, optional
        One multiplier per replicate (default 1).
    mse : bool, default True
        Centre the replicates at the full-sample estimate (as svyROC), or
        at the replicates' mean (False, survey's default).
    combined : bool, default True
        The matrix holds the analysis weights (survey's
        ``combined.weights = TRUE``); False: factors that multiply the
        sampling weights.
    index : array-like, optional
        The row of `matrix` of each observation, when the matrix has one
        row per PSU (survey's compressed weights).
    type : str, default "other"
        How the weights were made.
    df : int, optional
        Degrees of freedom (None: survey's ``degf``, the rank of the
        replicate weights minus 1, computed by `degf` when asked for).
    psu_stratum : array-like, optional
        The stratum of each row of a per-PSU matrix (used to compute
        jackknife replicates stratum by stratum).

    Examples
    --------
    >>> from weightedroc import ReplicateWeights
    >>> reps = ReplicateWeights([[0, 2], [2, 0], [1, 1]], scale=0.5)
    >>> reps.n_replicates
    2
    """

    matrix: Any = field(repr=False)
    scale: float = 1.0
    rscales: Any = None
    mse: bool = True
    combined: bool = True
    index: Any = field(default=None, repr=False)
    type: str = "other"
    df: int | None = None
    psu_stratum: Any = field(default=None, repr=False)

    def __post_init__(self):
        matrix = np.array(self.matrix, dtype=float)
        if matrix.ndim != 2:
            raise ValueError(
                f"replicate weights must be a matrix (rows x replicates), got shape {matrix.shape}"
            )
        if not np.isfinite(matrix).all() or (matrix < 0).any():
            raise ValueError("replicate weights must be finite and nonnegative")
        rscales = (
            np.ones(matrix.shape[1])
            if self.rscales is None
            else np.array(self.rscales, dtype=float)
        )
        if rscales.shape != (matrix.shape[1],):
            raise ValueError(
                f"rscales must have one value per replicate ({matrix.shape[1]}), "
                f"got shape {rscales.shape}"
            )
        index = None if self.index is None else np.asarray(self.index, dtype=np.int64)
        if index is not None and (index.min() < 0 or index.max() >= matrix.shape[0]):
            raise ValueError("index must point at rows of the matrix")
        object.__setattr__(self, "matrix", matrix)
        object.__setattr__(self, "rscales", rscales)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "scale", float(self.scale))

    def degf(self) -> int:
        """Degrees of freedom: `df`, or survey's ``degf`` (the rank of the
        replicate weights minus 1), computed when first asked for."""
        if self.df is None:
            object.__setattr__(self, "df", int(np.linalg.matrix_rank(self.matrix)) - 1)
        return int(self.df)  # type: ignore[arg-type]

    @property
    def n_replicates(self) -> int:
        """The number of replicates."""
        return self.matrix.shape[1]

    def check_rows(self, n):
        """Raise unless the weights have `n` rows (survey's words)."""
        rows = self.matrix.shape[0] if self.index is None else len(self.index)
        if rows != n:
            raise ValueError(
                f"replicate weights have {rows} rows, the data {n}: they must have "
                "one row per observation"
            )
