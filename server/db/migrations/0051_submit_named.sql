-- Named arguments for the submit (issue 45 item 3): wj_submit and wj_submit_many take one jsonb each, a sheet (an
-- array of sheets), read into this composite type by field name — the TypeScript list SHEET_FIELDS
-- (server/services/submit/submit-batch.service.ts) is its declaration there, and tests/server/write/submit-args.test.ts
-- checks the two agree. The functions live in server/db/functions/; applyFunctions drops their 24- and 27-argument
-- overloads when the new signatures are applied.
CREATE TYPE "wj_sheet" AS (
	project integer, version integer, stamp text, "publicId" text, submission text, hash text, "user" integer, device text,
	ip text, source text, answers jsonb, result jsonb, score double precision, duration integer, suspect boolean,
	"subjectIds" integer[], "optionIds" integer[], shards integer, "quotaIds" text[], "quotaLimits" integer[],
	"limitKinds" text[], "limitKeys" text[], "limitValues" integer[], cap integer
);
