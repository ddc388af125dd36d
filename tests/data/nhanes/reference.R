# The design-based AUC of nhanes (R's survey package, data(nhanes)) computed
# in R alone: the weighted Mann-Whitney AUC, its influence values, survey's
# svyrecvar (linearization) and svrVar of JKn replicate AUCs, for the design
# as given, post-stratified by race and raked by race and agecat.
# tests/test_survey_nhanes.py sources it (live) and generate.R writes its
# numbers to nhanes_survey.csv (compared always).
suppressMessages(library(survey))

nhanes_rows <- function() {
  data(nhanes, package = "survey", envir = environment())
  cc <- nhanes[!is.na(nhanes$HI_CHOL), ]  # the complete cases: 7,846 rows
  d <- svydesign(id = ~SDMVPSU, strata = ~SDMVSTRA, weights = ~WTMEC2YR, nest = TRUE, data = cc)
  m <- svyglm(HI_CHOL ~ agecat + factor(race) + RIAGENDR, design = d, family = quasibinomial())
  cc$score <- as.vector(predict(m, newdata = cc, type = "link"))
  cc$agecat <- as.character(cc$agecat)
  cc
}

wauc <- function(s, y, w) {  # sum of w_i w_j [s_i > s_j] (+ half a tie) over cases i, controls j
  level <- match(s, sort(unique(s)))
  k <- max(level)
  neg <- as.vector(tapply(c(w[y == 0], rep(0, k)), c(level[y == 0], seq_len(k)), sum))
  pos <- as.vector(tapply(c(w[y == 1], rep(0, k)), c(level[y == 1], seq_len(k)), sum))
  below <- cumsum(neg) - neg
  sum(pos * (below + neg / 2)) / (sum(pos) * sum(neg))
}

wauc_influence <- function(s, y, w) {  # w_k d AUC / d w_k
  level <- match(s, sort(unique(s)))
  k <- max(level)
  neg <- as.vector(tapply(c(w[y == 0], rep(0, k)), c(level[y == 0], seq_len(k)), sum))
  pos <- as.vector(tapply(c(w[y == 1], rep(0, k)), c(level[y == 1], seq_len(k)), sum))
  W1 <- sum(pos)
  W0 <- sum(neg)
  auc <- sum(pos * (cumsum(neg) - neg / 2)) / (W1 * W0)
  below_neg <- (cumsum(neg) - neg / 2)[level] / W0  # a case's placement among controls
  above_pos <- (rev(cumsum(rev(pos))) - pos / 2)[level] / W1  # a control's among cases
  ifelse(y == 1, w * (below_neg - auc) / W1, w * (above_pos - auc) / W0)
}

RACE <- data.frame(race = 1:4, Freq = c(40e6, 165e6, 30e6, 20e6))
AGECAT <- data.frame(agecat = c("(0,19]", "(19,39]", "(39,59]", "(59,Inf]"),
                     Freq = c(50e6, 75e6, 80e6, 50e6))

nhanes_reference <- function(cc = nhanes_rows()) {
  d <- svydesign(id = ~SDMVPSU, strata = ~SDMVSTRA, weights = ~WTMEC2YR, nest = TRUE, data = cc)
  out <- NULL
  for (name in c("plain", "post", "raked")) {
    calibrated <- function(x) switch(name, plain = x, post = postStratify(x, ~race, RACE),
                                     raked = rake(x, list(~race, ~agecat), list(RACE, AGECAT)))
    lin <- calibrated(d)
    w <- weights(lin)
    z <- wauc_influence(cc$score, cc$HI_CHOL, w)
    v <- survey:::svyrecvar(cbind(z), lin$cluster, lin$strata, lin$fpc, lin$postStrata)[1, 1]
    row <- data.frame(design = name, auc = wauc(cc$score, cc$HI_CHOL, w),
                      linearization_se = sqrt(v))
    for (mse in c(TRUE, FALSE)) {  # weightedroc's default, survey's
      rep <- calibrated(as.svrepdesign(d, type = "JKn", mse = mse))
      full <- wauc(cc$score, cc$HI_CHOL, weights(rep, "sampling"))
      thetas <- apply(weights(rep, "analysis"), 2, function(wr) {
        keep <- wr > 0
        wauc(cc$score[keep], cc$HI_CHOL[keep], wr[keep])
      })
      vr <- survey::svrVar(thetas, rep$scale, rep$rscales, mse = rep$mse, coef = full)[1]
      row[[if (mse) "jkn_se_mse" else "jkn_se"]] <- sqrt(vr)
      row$jkn_auc <- full
      row$replicates <- ncol(weights(rep, "analysis"))
    }
    out <- rbind(out, row)
  }
  out
}
