## Generate the reference outputs of R's WeightedROC package.
##
## Run from the repository root, with WeightedROC installed in R_LIBS:
##   R_LIBS=<lib with WeightedROC> Rscript reference_outputs/generate.R
## Writes reference_outputs/cases/<name>.json (schema: README.md) and
## reference_outputs/data/{rocr_simple,asah}.csv.
library(WeightedROC)
library(jsonlite)

out.dir <- "reference_outputs"
case.dir <- file.path(out.dir, "cases")
data.dir <- file.path(out.dir, "data")
dir.create(case.dir, showWarnings=FALSE, recursive=TRUE)
dir.create(data.dir, showWarnings=FALSE, recursive=TRUE)

## Doubles are stored as strings that round-trip exactly.
fmt <- function(x) I(sprintf("%.17g", as.double(x)))

encode.vector <- function(x) {
  if (is.null(x)) NULL else if (is.character(x)) I(x) else fmt(x)
}

encode.label <- function(label) {
  if (is.factor(label)) {
    list(type="factor", values=I(as.character(label)), levels=I(levels(label)))
  } else if (is.character(label)) {
    list(type="character", values=I(label))
  } else if (is.logical(label)) {
    list(type="logical", values=I(label))
  } else {
    list(type="numeric", values=fmt(label))
  }
}

write.case <- function(case) {
  path <- file.path(case.dir, paste0(case$name, ".json"))
  write_json(case, path, pretty=TRUE, auto_unbox=TRUE, null="null")
}

## Call WeightedROC then WeightedAUC; "error" is the message of the first
## call that failed (if roc is non-null, it came from WeightedAUC).
run.case <- function(name, description, guess, label, weight=NULL,
                     inf.replacement=NULL) {
  r.guess <- guess
  if (!is.null(inf.replacement)) {
    r.guess[r.guess == Inf] <- inf.replacement[["Inf"]]
    r.guess[r.guess == -Inf] <- inf.replacement[["-Inf"]]
  }
  r.label <- if (is.character(label)) factor(label) else label
  roc <- auc <- error <- NULL
  tryCatch({
    roc <- if (is.null(weight)) {
      WeightedROC(r.guess, r.label)
    } else {
      WeightedROC(r.guess, r.label, weight)
    }
    auc <- fmt(WeightedAUC(roc))[[1]]
  }, error=function(e) error <<- conditionMessage(e))
  case <- list(
    name=name, description=description,
    guess=encode.vector(guess), label=encode.label(label),
    weight=encode.vector(weight),
    roc=if (is.null(roc)) NULL else lapply(roc, fmt),
    auc=auc, error=error,
    inf_replacement=if (is.null(inf.replacement)) NULL else
      lapply(inf.replacement, sprintf, fmt="%.17g"))
  if (is.character(guess)) case$guess_type <- "character"
  write.case(case)
}

## WeightedAUC called directly on a (possibly invalid) TPR/FPR input.
run.auc.case <- function(name, description, auc.input) {
  error <- tryCatch({
    WeightedAUC(auc.input)
    NULL
  }, error=function(e) conditionMessage(e))
  write.case(list(
    name=name, description=description, guess=NULL, label=NULL, weight=NULL,
    roc=NULL, auc=NULL, error=error, inf_replacement=NULL,
    auc_input=list(
      type=if (is.data.frame(auc.input)) "data.frame" else "list",
      TPR=fmt(auc.input$TPR), FPR=fmt(auc.input$FPR))))
}

write.csv.exact <- function(df, path) {
  cols <- lapply(df, function(x) {
    if (is.numeric(x)) sprintf("%.17g", as.double(x)) else as.character(x)
  })
  writeLines(c(paste(names(df), collapse=","), do.call(paste, c(cols, sep=","))), path)
}

## Data sets shipped with ROCR and pROC.
data(ROCR.simple, package="ROCR")
data(aSAH, package="pROC")
write.csv.exact(as.data.frame(ROCR.simple), file.path(data.dir, "rocr_simple.csv"))
write.csv.exact(with(aSAH, data.frame(
  s100b, outcome, age, wfns=as.integer(as.character(wfns)), ndka)),
  file.path(data.dir, "asah.csv"))

## 1. tests/testthat/test-auc.R and test-errors.R of WeightedROC.
src <- "from WeightedROC's tests/testthat/test-auc.R"
run.case("testthat_identity_no_ties_perfect",
         paste("Unit weights, no ties, perfect classification (AUC 1),", src),
         c(1, 2, 3, 4), c(-1, -1, 1, 1), c(1, 1, 1, 1))
run.case("testthat_identity_no_ties_1_bad_error",
         paste("Unit weights, no ties, one badly ranked positive (AUC 1/2),", src),
         c(1, 2, 3, -1), c(-1, -1, 1, 1), c(1, 1, 1, 1))
run.case("testthat_identity_no_ties_1_not_so_bad_error",
         paste("Unit weights, no ties, one mildly misranked positive (AUC 3/4),", src),
         c(1, 2, 3, 1.5), c(-1, -1, 1, 1), c(1, 1, 1, 1))
run.case("testthat_identity_1_tie",
         paste("Unit weights with one tie between a positive and a negative (AUC 5/8),", src),
         c(1, 2, 3, 1), c(-1, -1, 1, 1), c(1, 1, 1, 1))
run.case("testthat_variable_weights_1_tie",
         paste("Variable weights with one tie (AUC 0.1 + 0.9*0.5/2),", src),
         c(1, 2, 3, 1), c(-1, -1, 1, 1), c(1, 1, 1, 9))
run.case("testthat_variable_weights_2_ties",
         paste("Variable weights with two ties (AUC 0.325),", src),
         c(1, 2, 3, 1, 1), c(-1, -1, 1, 1, 1), c(1, 1, 1, 4, 5))
run.case("testthat_rocr_simple",
         paste("ROCR.simple data set of the ROCR package (0/1 labels, unweighted),", src),
         ROCR.simple$predictions, ROCR.simple$labels)
run.case("testthat_asah",
         paste("aSAH data set of the pROC package: s100b guess, outcome factor",
               "label (Good, Poor), unweighted,", src),
         aSAH$s100b, aSAH$outcome)
src <- "from WeightedROC's tests/testthat/test-errors.R"
run.case("testthat_error_no_positive_labels",
         paste("All labels -1: error 'only one label value',", src),
         c(1, 2, 3, 4), c(-1, -1, -1, -1), c(1, 1, 1, 1))
run.case("testthat_error_no_negative_labels",
         paste("All labels 1: error 'only one label value',", src),
         c(1, 2, 3, 4), c(1, 1, 1, 1), c(1, 1, 1, 1))
run.case("testthat_error_na_label",
         paste("NA among the labels is an error,", src),
         c(1, 2, 3, 4), c(-1, NA, 1, 1), c(1, 1, 1, 1))
run.case("testthat_error_na_guess",
         paste("NA among the guesses: error 'ROC curve undefined for NA guess',", src),
         c(1, NA, 3, 4), c(-1, -1, 1, 1), c(1, 1, 1, 1))
run.case("testthat_error_na_weight",
         paste("NA among the weights is an error,", src),
         c(1, 2, 3, 4), c(-1, -1, 1, 1), c(1, 1, NA, 1))

## 2. Examples of ?WeightedROC, ?WeightedAUC and the Definition vignette.
run.case("example_weightedroc_vignette",
         "Weighted example with ties of ?WeightedROC and the Definition vignette (AUC 0.325).",
         c(1, 2, 3, 1, 1), c(-1, -1, 1, 1, 1), c(1, 1, 1, 4, 5))
run.case("example_weightedauc_01_labels",
         "Example of ?WeightedAUC: the vignette data with 0/1 labels (AUC 0.325).",
         c(1, 2, 3, 1, 1), c(0, 0, 1, 1, 1), c(1, 1, 1, 4, 5))
run.case("example_small_tie_unweighted",
         "Small example with one tie of ?WeightedROC, called without weight.",
         c(1, 2, 3, 1), c(-1, -1, 1, 1))

## 3. Random inputs.
set.seed(1)
n <- 1000
run.case("random_continuous_n1000_runif_weights",
         "Random continuous guesses (rnorm, no ties), -1/1 labels, runif weights, set.seed(1).",
         rnorm(n), sample(c(-1, 1), n, replace=TRUE), runif(n))
for (n in c(20, 200, 5000)) {
  set.seed(n)
  run.case(sprintf("random_ties_round1_n%d", n),
           sprintf("Many ties: rnorm guesses rounded to 1 decimal, n=%d, 0/1 labels, runif weights, set.seed(%d).", n, n),
           round(rnorm(n), 1), sample(c(0, 1), n, replace=TRUE), runif(n))
  set.seed(n + 1)
  run.case(sprintf("random_ties_int5_n%d", n),
           sprintf("Many ties: guesses sample(1:5) (R integer vector), n=%d, -1/1 labels, unweighted, set.seed(%d).", n, n + 1),
           sample(1:5, n, replace=TRUE), sample(c(-1, 1), n, replace=TRUE))
}
set.seed(2)
n <- 1000
run.case("random_weights_log10_wide_n1000",
         "Weights over 16 decades, 10^runif(n,-8,8), with rounded (tied) guesses, set.seed(2).",
         round(runif(n), 2), sample(c(-1, 1), n, replace=TRUE), 10^runif(n, -8, 8))
set.seed(3)
run.case("random_weights_log2_wide_n1000",
         "Weights 2^runif(n,-40,40) over a wide dynamic range, continuous guesses, set.seed(3).",
         rnorm(n), sample(c(-1, 1), n, replace=TRUE), 2^runif(n, -40, 40))
set.seed(4)
n <- 10000
run.case("random_longdouble_rexp_n10000",
         paste("rexp weights, n=10000, set.seed(4): R's cumsum accumulates in long double,",
               "and most partial sums differ from a float64 cumsum (plain runif weights",
               "would not show this: they are multiples of 2^-32 so their sums are exact)."),
         round(rnorm(n), 2), sample(c(-1, 1), n, replace=TRUE), rexp(n))
set.seed(5)
n <- 500
run.case("random_integer_weights_n500",
         "Integer weights sample(1:100) (R integer vector), tied guesses, set.seed(5).",
         round(rnorm(n), 1), sample(c(-1, 1), n, replace=TRUE), sample(1:100, n, replace=TRUE))
set.seed(6)
n <- 10000
run.case("random_unit_weights_n10000",
         "Large unweighted case (weight argument omitted), n=10000, continuous guesses, set.seed(6).",
         rnorm(n), sample(c(-1, 1), n, replace=TRUE))

## 4. Label encodings.
set.seed(7)
n <- 30
g <- round(rnorm(n), 1)
w <- runif(n)
y <- sample(c(FALSE, TRUE), n, replace=TRUE)
run.case("label_numeric_pm1", "Labels numeric -1/1 (random, set.seed(7)).",
         g, ifelse(y, 1, -1), w)
run.case("label_numeric_01", "Labels numeric 0/1 (same data as label_numeric_pm1).",
         g, ifelse(y, 1, 0), w)
run.case("label_numeric_12", "Labels numeric 1/2 (same data as label_numeric_pm1).",
         g, ifelse(y, 2, 1), w)
run.case("label_integer_12", "Labels R integer vector 1L/2L (same data as label_numeric_pm1).",
         g, ifelse(y, 2L, 1L), w)
run.case("label_factor_2levels",
         "Labels factor with levels c('neg','pos'); the first level is negative (same data as label_numeric_pm1).",
         g, factor(ifelse(y, "pos", "neg")), w)
run.case("label_factor_levels_yes_no",
         "Labels factor(x, levels=c('yes','no')): non-alphabetical levels, so 'yes' is the negative class.",
         g, factor(ifelse(y, "no", "yes"), levels=c("yes", "no")), w)
run.case("label_character",
         "Character labels 'case'/'control'; R is called with factor(values), so 'case' (first alphabetically) is negative.",
         g, ifelse(y, "control", "case"), w)
run.case("label_factor_3levels_first_two_used",
         "Factor with levels a, b, c of which only a and b are used: as.integer gives 1/2 so R accepts it.",
         g, factor(ifelse(y, "b", "a"), levels=c("a", "b", "c")), w)

## 5. Infinite guesses.
run.case("inf_single_pos_and_neg",
         "A single +Inf and a single -Inf among finite guesses (R handles these; +Inf appears twice as threshold).",
         c(-Inf, 1, 2, 3, Inf, 0.5), c(1, -1, 1, -1, 1, -1), c(1, 2, 3, 4, 5, 6))
inf.guess <- c(1, Inf, Inf, -Inf, -Inf, 2, 3, Inf)
inf.label <- c(-1, 1, -1, 1, -1, 1, -1, 1)
inf.weight <- c(1, 2, 3, 4, 5, 6, 7, 8)
run.case("inf_repeated_r_raw",
         paste("Repeated +Inf and repeated -Inf guesses: R's raw output, which has NA rows",
               "(diff(Inf, Inf) is NaN), so WeightedAUC fails."),
         inf.guess, inf.label, inf.weight)
run.case("inf_repeated_replaced",
         paste("Same input as inf_repeated_r_raw, but R is called with +Inf/-Inf replaced by",
               "1e300/-1e300 (see inf_replacement): equal infinities are ties."),
         inf.guess, inf.label, inf.weight,
         inf.replacement=list("Inf"=1e300, "-Inf"=-1e300))

## 6. Negative zero.
run.case("negative_zero_ties",
         "Guesses 0 and -0 are ties; R's stable order makes the threshold the last tied element's value (-0).",
         c(1, 0, -0, -1, 0, -0, 2), c(-1, 1, -1, 1, -1, 1, 1), c(1, 2, 3, 4, 5, 6, 7))

## Other edge cases.
run.case("all_guesses_tied", "All guesses equal: a 2-row curve (AUC 0.5).",
         c(3, 3, 3, 3), c(-1, 1, 1, -1), c(1, 2, 3, 4))
run.case("minimal_n2", "Smallest valid input: one negative and one positive.",
         c(2, 1), c(-1, 1))

## 7. Errors.
run.case("error_factor_one_used_level",
         "Factor with levels a, b but only a used: error 'only one label value'.",
         c(1, 2, 3), factor(c("a", "a", "a"), levels=c("a", "b")))
run.case("error_nan_guess", "NaN guess: is.na(NaN) is TRUE, so 'ROC curve undefined for NA guess'.",
         c(1, NaN, 3, 4), c(-1, -1, 1, 1))
run.case("error_zero_weight", "A zero weight is an error (weights must be positive).",
         c(1, 2, 3), c(-1, 1, 1), c(1, 0, 1))
run.case("error_negative_weight", "A negative weight is an error.",
         c(1, 2, 3), c(-1, 1, 1), c(1, -1, 1))
run.case("error_labels_0_2", "Numeric labels 0/2 are not one of the accepted sets.",
         c(1, 2, 3, 4), c(0, 2, 0, 2))
run.case("error_labels_minus1_0_1", "Numeric labels -1/0/1 (three values) are an error.",
         c(1, 2, 3, 4), c(-1, 0, 1, 1))
run.case("error_labels_0_minus1", "Numeric labels 0/-1 are not one of the accepted sets.",
         c(1, 2, 3, 4), c(0, -1, 0, -1))
run.case("error_factor_3levels_used", "Factor with 3 levels, all used, is an error.",
         c(1, 2, 3), factor(c("a", "b", "c")))
run.case("error_factor_3levels_last_two_used",
         "Factor with levels a, b, c of which only b and c are used: as.integer gives 2/3, an error.",
         c(1, 2, 3), factor(c("b", "c", "b"), levels=c("a", "b", "c")))
run.case("error_length_label_guess", "Label and guess of different lengths.",
         c(1, 2), c(-1, 1, 1))
run.case("error_length_weight_label", "Weight and label of different lengths.",
         c(1, 2, 3), c(-1, 1, 1), c(1, 1))
run.case("error_character_guess",
         "Character guess (guess_type 'character') is an error.",
         c("1", "2", "3"), c(-1, 1, 1))
run.case("logical_labels_r_error",
         "Logical labels: R rejects them (recorded error); the Python port deliberately accepts booleans (False negative, True positive).",
         c(1, 2, 3), c(TRUE, FALSE, TRUE))
run.case("error_empty_input", "Empty guess and label (numeric(0)).",
         numeric(0), numeric(0))
run.case("infinite_weight_r_nan",
         paste("An infinite weight: R returns NaN TPR and Inf FN silently and WeightedAUC then",
               "fails; the Python port raises an error for infinite weights instead."),
         c(1, 2, 3), c(-1, 1, 1), c(1, Inf, 1))
run.auc.case("auc_error_one_row", "WeightedAUC on a data frame with one row is an error.",
             data.frame(TPR=1, FPR=1))
run.auc.case("auc_error_not_data_frame", "WeightedAUC on a list (not a data frame) is an error.",
             list(TPR=c(1, 0), FPR=c(1, 0)))
run.auc.case("auc_error_tpr_increasing", "WeightedAUC with increasing TPR is an error.",
             data.frame(TPR=c(0, 0.5, 1), FPR=c(1, 0.5, 0)))
