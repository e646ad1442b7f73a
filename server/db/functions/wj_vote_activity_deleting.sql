CREATE OR REPLACE FUNCTION public.wj_vote_activity_deleting()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
	PERFORM pg_advisory_xact_lock(7304, OLD.id);
	DELETE FROM vote_ballots WHERE vote_id = OLD.id;
	DELETE FROM vote_player_counts WHERE vote_id = OLD.id;
	DELETE FROM vote_voter_counters WHERE vote_id = OLD.id;
	DELETE FROM vote_receipts WHERE vote_id = OLD.id;
	RETURN OLD;
END
$function$;
