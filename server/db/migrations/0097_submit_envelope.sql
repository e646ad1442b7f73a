-- Issue 54 item 3: wj_submit (and wj_submit_many, which returns its rows) also answers whether the project's red
-- envelope is running, so the submit no longer reads red_envelopes in a statement of its own after every sheet.
-- A function's result columns cannot change in place: both are dropped here and created again from their files
-- (server/db/functions/wj_submit.sql, wj_submit_many.sql), which are applied after the migrations.
DROP FUNCTION IF EXISTS public.wj_submit_many(jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS public.wj_submit(jsonb);
--> statement-breakpoint
DELETE FROM db_functions WHERE name IN ('wj_submit', 'wj_submit_many');
