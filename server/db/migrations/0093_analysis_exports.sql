-- Issue 53: the analysis exports run as export jobs of three new kinds: the SPSS .sav file, the long-format CSV
-- and the codebook.
ALTER TABLE "export_jobs" DROP CONSTRAINT "export_jobs_kind_ck";--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_kind_ck" CHECK ("export_jobs"."kind" IN ('xlsx', 'csv', 'pdf', 'zip', 'sav', 'longcsv', 'codebook'));
