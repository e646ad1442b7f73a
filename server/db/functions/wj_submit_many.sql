CREATE OR REPLACE FUNCTION public.wj_submit_many(p_project integer[], p_version integer[], p_stamp text[], p_public_id text[], p_submission text[], p_hash text[], p_user integer[], p_device text[], p_ip text[], p_source text[], p_answers jsonb, p_result jsonb, p_score double precision[], p_duration integer[], p_suspect boolean[], p_choice_ends integer[], p_subject_ids integer[], p_option_ids integer[], p_shards integer, p_quota_ends integer[], p_quota_ids text[], p_quota_limits integer[], p_limit_ends integer[], p_limit_kinds text[], p_limit_keys text[], p_limit_values integer[], p_cap integer[])
 RETURNS TABLE(i integer, outcome text, replay jsonb, err_message text, err_detail text)
 LANGUAGE plpgsql
AS $function$
DECLARE
	k integer;
	c0 integer := 0;
	q0 integer := 0;
	l0 integer := 0;
	r record;
BEGIN
	FOR k IN 1 .. coalesce(array_length(p_project, 1), 0) LOOP
		i := k;
		outcome := NULL;
		replay := NULL;
		err_message := NULL;
		err_detail := NULL;
		BEGIN
			-- An assignment, not SELECT … FROM wj_submit(…): plpgsql evaluates it without a query plan.
			r := wj_submit(
				p_project[k], p_version[k], p_stamp[k],
				p_public_id[k], p_submission[k], p_hash[k], p_user[k], p_device[k], p_ip[k], p_source[k],
				p_answers -> (k - 1), p_result -> (k - 1), p_score[k], p_duration[k], p_suspect[k],
				coalesce(p_subject_ids[c0 + 1 : p_choice_ends[k]], '{}'), coalesce(p_option_ids[c0 + 1 : p_choice_ends[k]], '{}'), p_shards,
				coalesce(p_quota_ids[q0 + 1 : p_quota_ends[k]], '{}'), coalesce(p_quota_limits[q0 + 1 : p_quota_ends[k]], '{}'),
				coalesce(p_limit_kinds[l0 + 1 : p_limit_ends[k]], '{}'), coalesce(p_limit_keys[l0 + 1 : p_limit_ends[k]], '{}'), coalesce(p_limit_values[l0 + 1 : p_limit_ends[k]], '{}'),
				p_cap[k]);
			outcome := r.outcome;
			replay := r.replay;
		EXCEPTION WHEN SQLSTATE 'WJ001' THEN
			GET STACKED DIAGNOSTICS err_message = MESSAGE_TEXT, err_detail = PG_EXCEPTION_DETAIL;
			outcome := 'refused';
		END;
		c0 := p_choice_ends[k];
		q0 := p_quota_ends[k];
		l0 := p_limit_ends[k];
		RETURN NEXT;
	END LOOP;
END
$function$;
