CREATE OR REPLACE FUNCTION public.wj_submit_many(ps jsonb)
 RETURNS TABLE(i integer, outcome text, replay jsonb, envelope boolean, err_message text, err_detail text)
 LANGUAGE plpgsql
AS $function$
DECLARE
	k integer;
	r record;
BEGIN
	-- ps: an array of sheets, each as wj_submit takes it; answered one row a sheet, in the array's order.
	FOR k IN 1 .. coalesce(jsonb_array_length(ps), 0) LOOP
		i := k;
		outcome := NULL;
		replay := NULL;
		envelope := NULL;
		err_message := NULL;
		err_detail := NULL;
		BEGIN
			-- An assignment, not SELECT … FROM wj_submit(…): plpgsql evaluates it without a query plan.
			r := wj_submit(ps -> (k - 1));
			outcome := r.outcome;
			replay := r.replay;
			envelope := r.envelope;
		EXCEPTION WHEN SQLSTATE 'WJ001' THEN
			GET STACKED DIAGNOSTICS err_message = MESSAGE_TEXT, err_detail = PG_EXCEPTION_DETAIL;
			outcome := 'refused';
		END;
		RETURN NEXT;
	END LOOP;
END
$function$;
