-- Group commit (bench/submit): concurrent submits of one process are sent as one statement. Each sheet runs
-- wj_submit in its own subtransaction, so a refusal (SQLSTATE WJ001) takes back only that sheet's writes and
-- is reported in its row; the batch commits once. Elements are wj_submit's 24 arguments as a JSON array.
CREATE FUNCTION "wj_submit_batch"(p jsonb)
RETURNS TABLE (i integer, outcome text, replay jsonb, err_message text, err_detail text)
LANGUAGE plpgsql AS $$
DECLARE
	x jsonb;
	k integer := 0;
BEGIN
	FOR x IN SELECT value FROM jsonb_array_elements(p) LOOP
		k := k + 1;
		i := k;
		outcome := NULL;
		replay := NULL;
		err_message := NULL;
		err_detail := NULL;
		BEGIN
			SELECT s.outcome, s.replay INTO outcome, replay FROM wj_submit(
				(x ->> 0)::int, (x ->> 1)::int, x ->> 2, x ->> 3, x ->> 4, x ->> 5, (x ->> 6)::int, x ->> 7, x ->> 8, x ->> 9,
				x -> 10, x -> 11, (x ->> 12)::float8, (x ->> 13)::int, (x ->> 14)::boolean,
				ARRAY(SELECT e::int FROM jsonb_array_elements_text(x -> 15) e), ARRAY(SELECT e::int FROM jsonb_array_elements_text(x -> 16) e), (x ->> 17)::int,
				ARRAY(SELECT e FROM jsonb_array_elements_text(x -> 18) e), ARRAY(SELECT e::int FROM jsonb_array_elements_text(x -> 19) e),
				ARRAY(SELECT e FROM jsonb_array_elements_text(x -> 20) e), ARRAY(SELECT e FROM jsonb_array_elements_text(x -> 21) e), ARRAY(SELECT e::int FROM jsonb_array_elements_text(x -> 22) e),
				(x ->> 23)::int) s;
		EXCEPTION WHEN SQLSTATE 'WJ001' THEN
			GET STACKED DIAGNOSTICS err_message = MESSAGE_TEXT, err_detail = PG_EXCEPTION_DETAIL;
			outcome := 'refused';
		END;
		RETURN NEXT;
	END LOOP;
END
$$;
