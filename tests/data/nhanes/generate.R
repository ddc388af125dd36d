# nhanes.csv (the complete cases of survey's data(nhanes), with the score
# column below) and nhanes_survey.csv (reference.R's numbers).  Run from
# this folder: Rscript generate.R
source("reference.R")
exact <- function(df) {  # every double to 17 significant digits
  df[] <- lapply(df, function(x) if (is.double(x)) sprintf("%.17g", x) else x)
  df
}
cc <- nhanes_rows()
write.csv(exact(cc), "nhanes.csv", row.names = FALSE, quote = which(names(cc) == "agecat"))
write.csv(exact(nhanes_reference(cc)), "nhanes_survey.csv", row.names = FALSE, quote = FALSE)
