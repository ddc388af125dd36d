# precrec's PRC area of one data set, for benchmarks/precrec_comparison.py and
# tests/test_precrec_live.py (run in a child process: precrec 0.14 can overrun
# a buffer with ties and fine grids).
# Rscript precrec_auc.R data.csv x_bins [library]   (data.csv: columns s, y)
args <- commandArgs(trailingOnly = TRUE)
lib <- if (length(args) >= 3) args[3] else NULL
suppressMessages(library(precrec, lib.loc = lib))
d <- read.csv(args[1])
m <- evalmod(scores = d$s, labels = d$y, x_bins = as.integer(args[2]))
a <- auc(m)
cat(sprintf("%.17g\n", a$aucs[a$curvetypes == "PRC"]))
cat(as.character(packageVersion("precrec", lib.loc = lib)), "\n")
