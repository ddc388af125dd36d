# svyROC 1.1.0's example data (GPL >= 3, as this package; Iparragirre,
# Barrio & Arostegui), with the fitted probabilities of its documented
# svyglm examples, and svyROC's JKn results on them.  Run from this folder
# with SVYROC pointing at an unpacked github:cran/svyROC:
#   SVYROC=/tmp/svyROC Rscript generate.R
suppressMessages(library(survey))
src <- Sys.getenv("SVYROC")
for (f in c("wauc.R", "ci.wauc.R", "ht.paired.R", "ht.indep.R")) source(file.path(src, "R", f))
for (f in c("example_variables_wroc.rda", "example_variables_wroc_2.rda"))
  load(file.path(src, "data", f))
d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
               data = example_variables_wroc, nest = TRUE)
m <- svyglm(y ~ x1 + x2 + x3 + x4 + x5 + x6, design = d, family = quasibinomial())
m1 <- svyglm(y ~ x1 + x2 + x3, design = d, family = quasibinomial())
m2 <- svyglm(y ~ x4 + x5 + x6, design = d, family = quasibinomial())
example_variables_wroc$phat <- predict(m, newdata = example_variables_wroc, type = "response")
example_variables_wroc$phat.1 <- predict(m1, newdata = example_variables_wroc, type = "response")
example_variables_wroc$phat.2 <- predict(m2, newdata = example_variables_wroc, type = "response")
d2 <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
                data = example_variables_wroc_2, nest = TRUE)
m3 <- svyglm(y ~ x1 + x2 + x3, design = d2, family = quasibinomial())
example_variables_wroc_2$phat.2 <- predict(m3, newdata = example_variables_wroc_2, type = "response")
d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
               data = example_variables_wroc, nest = TRUE)
d2 <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
                data = example_variables_wroc_2, nest = TRUE)
ci <- ci.wauc(design = d, response.var = "y", phat.var = "phat", tag.event = 1,
              tag.nonevent = 0, method = "JKn")
hp <- ht.paired(design = d, response.var = "y", phat.var.1 = "phat.1", phat.var.2 = "phat.2",
                tag.event = 1, tag.nonevent = 0, method = "JKn")
hi <- ht.indep(design.1 = d, response.var.1 = "y", phat.var.1 = "phat.1",
               design.2 = d2, response.var.2 = "y", phat.var.2 = "phat.2",
               tag.event = 1, tag.nonevent = 0, method = "JKn")
exact <- function(df) {  # every double to 17 significant digits
  df[] <- lapply(df, function(x) if (is.double(x)) sprintf("%.17g", x) else x)
  df
}
cols <- c("y", "strata", "cluster", "weights")
write.csv(exact(example_variables_wroc[, c(cols, "phat", "phat.1", "phat.2")]),
          "example_variables_wroc.csv", row.names = FALSE, quote = FALSE)
write.csv(exact(example_variables_wroc_2[, c(cols, "phat.2")]), "example_variables_wroc_2.csv",
          row.names = FALSE, quote = FALSE)
out <- data.frame(
  what = c("ci.wauc wauc", "ci.wauc low", "ci.wauc high", "ht.paired wauc.1", "ht.paired wauc.2",
           "ht.paired z", "ht.paired pvalue", "ht.indep wauc.1", "ht.indep wauc.2", "ht.indep z",
           "ht.indep pvalue"),
  value = c(ci$wauc, ci$ci, hp$wauc.1, hp$wauc.2, hp$z, hp$pvalue, hi$wauc.1, hi$wauc.2, hi$z,
            hi$pvalue))
write.csv(exact(out), "svyroc_jkn.csv", row.names = FALSE, quote = FALSE)
