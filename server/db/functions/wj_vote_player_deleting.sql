CREATE OR REPLACE FUNCTION public.wj_vote_player_deleting()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
	PERFORM pg_advisory_xact_lock(7304, OLD.vote_id);
	DELETE FROM vote_ballots WHERE player_id = OLD.id;
	DELETE FROM vote_player_counts WHERE player_id = OLD.id;
	RETURN OLD;
END
$function$;
