"""`SurveyDesign`: R's ``survey::svydesign`` (one stage of PSUs, strata,
fpc, nest), resolved on its rows as a `Coded` design, and its replicate
weights (`ReplicateWeights`, held in `.weights`; built by `.replicates`).

Validation follows survey 4.1's rules and words.  A stratum with a single
PSU follows survey's default ``options(survey.lonely.psu = "fail")``: the
design is accepted, and its variance (linearization or jackknife) raises
survey's error, as R's does.
"""

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ..utils.signatures import in_help
from ..utils.warn import warn
from .replicates import replicate_weights
from .weights import Coded, ReplicateWeights

__all__ = ["SurveyDesign", "ReplicateWeights", "Coded"]


def _codes(values):
    """Codes 0, 1, ... in order of first appearance, and the distinct values."""
    codes, uniques = pd.factorize(pd.Series(values), sort=False)
    if (codes < 0).any():
        raise ValueError("missing values in a design variable")
    return codes.astype(np.int64), list(uniques)


def _column(value, data, name, n):
    """A design variable as an array of n rows (a column name needs `data`)."""
    if value is None:
        return None
    if isinstance(value, str):
        if data is None:
            raise TypeError(f"{name}={value!r} is a column name: give the frame as data=")
        if value not in data:
            raise ValueError(f"{name}={value!r} is not a column of data")
        value = data[value]
    array = np.asarray(value)
    if array.ndim == 0 and name == "fpc":
        array = np.full(n, float(array))
    if array.ndim != 1 or (n is not None and len(array) != n):
        raise ValueError(f"{name} must have one value per row ({n} rows), got shape {array.shape}")
    return array


@in_help
@dataclass(frozen=True, eq=False)  # arrays and frames: compared by identity
class SurveyDesign:
    """A one-stage sampling design, as ``survey::svydesign(ids=, strata=, fpc=, nest=)``.

    The sampling weights are the ``weight`` argument of the function that
    reads the design (``auc_ci(guess, label, weight, design=...)``).

    Parameters
    ----------
    cluster : array-like or str, optional
        The primary sampling unit (PSU) of each row (survey's ``ids``);
        None: each row is its own PSU (``ids = ~1``).
    strata : array-like or str, optional
        The stratum of each row; None: one stratum.
    fpc : array-like, float or str, optional
        Finite population correction per row (constant within a stratum):
        the stratum's number of PSUs in the population (all values >= 1)
        or its sampling fraction (all values <= 1), as survey reads it.
    nest : bool, default False
        True: PSU labels are only unique within strata (survey's ``nest``).
    data : pandas.DataFrame, optional
        The frame whose columns the names above refer to.

    Notes
    -----
    As survey 4.1 with its default ``survey.lonely.psu = "fail"``, a
    stratum with a single PSU is accepted here and its variance raises
    survey's error ("Stratum (s) has only one PSU at stage 1").

    Examples
    --------
    >>> from weightedroc import SurveyDesign
    >>> design = SurveyDesign(cluster=[1, 1, 2, 2, 3, 3, 4, 4], strata=[1, 1, 1, 1, 2, 2, 2, 2])
    >>> design.coded(8).df  # PSUs minus strata
    2
    """

    cluster: Any = None
    strata: Any = None
    fpc: Any = None
    nest: bool = False
    data: Any = field(default=None, repr=False)

    def rows(self) -> int | None:
        """The number of rows the design's variables give (None if none)."""
        for name in ("cluster", "strata", "fpc"):
            value = _column(getattr(self, name), self.data, name, None)
            if value is not None and value.ndim == 1 and len(value) > 1:
                return len(value)
        return None if self.data is None else len(self.data)

    def coded(self, n: int) -> Coded:
        """The design resolved on `n` rows, validated as ``svydesign`` does."""
        cluster = _column(self.cluster, self.data, "cluster", n)
        strata = _column(self.strata, self.data, "strata", n)
        has_strata = strata is not None
        strata_codes, strata_names = _codes(strata) if has_strata else (np.zeros(n, np.int64), [1])
        if cluster is None:
            cluster = np.arange(n)
        if self.nest and has_strata:
            cluster_codes, _ = _codes(cluster)
            psu, _ = _codes(strata_codes * (int(cluster_codes.max()) + 1) + cluster_codes)
        else:
            psu, _ = _codes(cluster)
        n_psus = int(psu.max()) + 1 if n else 0
        if n_psus == 1 and not (self.nest and has_strata):
            raise ValueError("Design has only one primary sampling unit")
        first = np.full(n_psus, -1, dtype=np.int64)
        first[psu[::-1]] = np.arange(n)[::-1]  # each PSU's first row
        psu_stratum = strata_codes[first]
        if has_strata and (psu_stratum[psu] != strata_codes).any():
            raise ValueError("Clusters not nested in strata at top level; you may want nest=True.")
        n_psu = np.bincount(psu_stratum, minlength=len(strata_names))
        popsize = None
        fpc = _column(self.fpc, self.data, "fpc", n)
        if fpc is not None:
            popsize = _popsize(fpc.astype(float), strata_codes, n_psu, strata_names)[first]
        return Coded(psu, psu_stratum, n_psu, popsize, strata_names, has_strata)

    def replicates(
        self,
        type: str = "JKn",
        *,
        n: int | None = None,
        n_rep: int | None = None,
        seed: int | np.random.Generator | None = None,
        rho: float | None = None,
        mse: bool = True,
    ) -> ReplicateWeights:
        """Replicate weights of the design, as ``survey::as.svrepdesign``.

        Parameters
        ----------
        type : {"JK1", "JKn", "BRR", "Fay", "bootstrap", "subbootstrap"}
            ``"JK1"`` (unstratified) and ``"JKn"`` delete one PSU at a time;
            ``"BRR"`` and ``"Fay"`` (rho) pair the PSUs of each stratum
            (strata of 2, or an even number, of PSUs) with survey's Hadamard
            matrices (`weightedroc.survey.hadamard`); ``"bootstrap"`` is survey's
            Canty-Davison bootstrap, ``"subbootstrap"`` Rao and Wu's
            (n_h - 1 PSUs drawn).  The jackknives, BRR and Fay give
            survey 4.1's matrices, scale and rscales exactly.
        n : int, optional
            The number of rows, when no design variable gives it.
        n_rep : int, optional
            Bootstrap replicates (survey's ``replicates``, default 50).
        seed : int or numpy.random.Generator, optional
            For the bootstraps.
        rho : float, optional
            Fay's rho (``"Fay"`` only).
        mse : bool, default True
            Centre the replicates at the full-sample estimate (svyROC's
            jackknife), or at their mean (False; survey's default).

        Returns
        -------
        ReplicateWeights

        Examples
        --------
        >>> from weightedroc import SurveyDesign
        >>> design = SurveyDesign(cluster=[1, 1, 2, 3, 3, 4], strata=[1, 1, 1, 2, 2, 2])
        >>> reps = design.replicates("JKn")
        >>> reps.matrix
        array([[0., 2., 1., 1.],
               [2., 0., 1., 1.],
               [1., 1., 0., 2.],
               [1., 1., 2., 0.]])
        >>> reps.rscales
        array([0.5, 0.5, 0.5, 0.5])
        """
        n = self.rows() if n is None else n
        if n is None:
            raise ValueError("the design has no variables to count rows: give n=")
        return replicate_weights(self.coded(n), type, n_rep=n_rep, seed=seed, rho=rho, mse=mse)


def _popsize(fpc, strata, n_psu, strata_names):
    """Each row's population size (PSUs of its stratum), as survey's ``as.fpc``."""
    if np.isnan(fpc).any():
        raise ValueError("missing values in `fpc'")
    is_popsize = bool((fpc > 1).any())
    if is_popsize != bool((fpc >= 1).all()):
        raise ValueError("Must have all fpc>=1 or all fpc<=1")
    sampsize = n_psu[strata].astype(float)
    with np.errstate(divide="ignore"):
        popsize = fpc if is_popsize else sampsize / fpc
    if (popsize < sampsize).any():
        row = int(np.flatnonzero(popsize < sampsize)[0])
        raise ValueError(
            f"FPC implies >100% sampling in some strata (row {row}: popsize="
            f"{popsize[row]:g}, sampsize={sampsize[row]:g})"
        )
    varying = pd.Series(popsize).groupby(strata).nunique().to_numpy() > 1
    if varying.any():
        stratum = strata_names[int(np.flatnonzero(varying)[0])]
        warn(f"`fpc' varies within strata: stratum {stratum} at stage 1")
    return popsize
