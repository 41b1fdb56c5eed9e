-- Other server processes on the same PostgreSQL learn that a scenario or its
-- results changed through NOTIFY locus_changed (delivered at commit); their
-- caches of scenario stamps then refresh. See db/database.ts.

CREATE FUNCTION locus_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('locus_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER scenario_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON scenario
  FOR EACH STATEMENT EXECUTE FUNCTION locus_notify_changed();

CREATE TRIGGER scenario_result_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON scenario_result
  FOR EACH STATEMENT EXECUTE FUNCTION locus_notify_changed();
