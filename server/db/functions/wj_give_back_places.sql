CREATE OR REPLACE FUNCTION public.wj_give_back_places(p wj_sheet)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
	i integer;
BEGIN
	-- What wj_take_places took for these quotas and kinds ('slot#1', 'stock#3'), given back: an edited sheet's old
	-- answers. A counter never goes below zero.
	FOR i IN 1 .. coalesce(array_length(p."quotaIds", 1), 0) LOOP
		UPDATE quota_counters SET used = used - 1 WHERE project_id = p.project AND quota_id = p."quotaIds"[i] AND used > 0;
	END LOOP;
	FOR i IN 1 .. coalesce(array_length(p."limitKinds", 1), 0) LOOP
		UPDATE respondent_counters SET n = greatest(0, n - coalesce(nullif(split_part(p."limitKinds"[i], '#', 2), '')::integer, 1))
		WHERE project_id = p.project AND kind = split_part(p."limitKinds"[i], '#', 1) AND key = p."limitKeys"[i];
	END LOOP;
END
$function$;
