CREATE OR REPLACE FUNCTION public.wj_ballot(p jsonb, OUT outcome text, OUT result jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
	PERFORM pg_advisory_xact_lock_shared(7304, (p->>'voteId')::integer);
	SELECT h.outcome, h.result INTO outcome, result FROM wj_ballot_held(p) h;
END
$function$;
