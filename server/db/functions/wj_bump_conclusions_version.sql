CREATE OR REPLACE FUNCTION public.wj_bump_conclusions_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		UPDATE projects SET conclusions_version = conclusions_version + 1 WHERE id = OLD.project_id;
	END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.project_id IS DISTINCT FROM OLD.project_id) THEN
		UPDATE projects SET conclusions_version = conclusions_version + 1 WHERE id = NEW.project_id;
	END IF;
	RETURN NULL;
END
$function$;
