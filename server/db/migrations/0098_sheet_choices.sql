-- Issue 54 item 3: a sheet's chosen options move from answer_choices (one row and one index entry per chosen option,
-- ~20 per sheet) into two arrays on the sheet's own row, written by the same INSERT: choice_subjects[i] is the subject
-- key and choice_options[i] the option key (option_keys ids) of its i-th chosen option, pairwise as the rows were.
-- Readers unnest them (`unnest(a.choice_subjects, a.choice_options) AS c(subject_id, option_id)`); the filter index
-- (sheet-index/) reads them through the same fact statements. answer_choices is dropped (docs/benchmarks.md, issue 54).
ALTER TABLE "answer_sheets" ADD COLUMN "choice_subjects" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "answer_sheets" ADD COLUMN "choice_options" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
UPDATE "answer_sheets" a SET "choice_subjects" = c.s, "choice_options" = c.o
FROM (SELECT project_id, sheet_id, array_agg(subject_id ORDER BY subject_id, option_id) AS s, array_agg(option_id ORDER BY subject_id, option_id) AS o
      FROM "answer_choices" GROUP BY project_id, sheet_id) c
WHERE a.project_id = c.project_id AND a.id = c.sheet_id;
--> statement-breakpoint
DROP TABLE "answer_choices";
