"""The R vignette's example: ``python -m weightedroc.example [PNG]``.

Prints the weighted ROC curve of y = -1,-1,1,1,1, w = 1,1,1,4,5 and
guesses 1,2,3,1,1, its AUC (0.325), and writes the ROC plot to a PNG.
"""

import sys

from . import WeightedAUC, WeightedROC


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    path = args[0] if args else "definition-roc.png"
    y = [-1, -1, 1, 1, 1]
    w = [1, 1, 1, 4, 5]
    y_hat = [1, 2, 3, 1, 1]
    tp_fp = WeightedROC(y_hat, y, w)
    print(tp_fp)
    print(f"AUC = {WeightedAUC(tp_fp):.15g}")
    from .plots import roc_plot

    roc_plot(tp_fp).save(path, width=4, height=4, dpi=100, verbose=False)
    print(f"ROC plot written to {path}")


if __name__ == "__main__":
    main()
