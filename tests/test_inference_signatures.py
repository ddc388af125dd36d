"""Short help() signatures for inference (issue 30): annotations are the
names (ArrayLike, Direction...), not numpy's expanded unions; help(roc_test)
opened with a 2,421-character signature."""

import inspect
import pydoc

import pytest

import weightedroc as wr
from weightedroc.inference import bootstrap, resampling, venkatraman

FUNCTIONS = [
    wr.auc_ci,
    wr.auc_var,
    wr.auc_cov,
    wr.roc_test,
    wr.power_roc_test,
    wr.are_paired,
    wr.ci_se,
    wr.ci_sp,
    wr.ci_thresholds,
    wr.ci_coords,
    wr.multiclass_auc_var,
    wr.multiclass_auc_ci,
    wr.pr_ci,
    wr.pr_test,
    resampling.bootstrap_test,
    venkatraman.venkatraman_test,
    bootstrap.bootstrap_interval,
    bootstrap.bootstrap_var,
    bootstrap.bootstrap_cov,
]


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda f: f.__name__)
def test_help_shows_short_annotations(function):
    signature = str(inspect.signature(function))
    assert "_SupportsArray" not in signature and "_NestedSequence" not in signature
    text = pydoc.render_doc(function, renderer=pydoc.plaintext)
    first = text.split("\n\n")[1]  # the signature, as help() opens
    assert "_SupportsArray" not in first
    # One line of about 30 characters a parameter, at most.
    assert len(signature) <= 40 * len(inspect.signature(function).parameters)
