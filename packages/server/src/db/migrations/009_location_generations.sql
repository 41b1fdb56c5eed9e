-- A number per scenario that changes with every write to its location
-- versions (insert, update, delete, also those made by cascades from location,
-- scenario, group or cluster), taken from one sequence so no value comes back.
-- A process that keeps a scenario's calculation inputs learns with one small
-- read whether they still hold (processing/location-cache.ts); it is in the
-- database, so writes of other server processes count too. Rows are written in
-- scenario order (array_agg DISTINCT sorts), so two transactions that touch
-- several scenarios' versions take their locks in one order.

CREATE SEQUENCE location_generation_seq;

CREATE TABLE scenario_location_generation (
  scenario_id  integer PRIMARY KEY,   -- no foreign key: a deleted scenario's versions are deleted after it
  generation   bigint NOT NULL
);

CREATE FUNCTION locus_location_generation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT scenario_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT scenario_id) INTO ids FROM old_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT scenario_id) INTO ids FROM (SELECT scenario_id FROM old_rows UNION ALL SELECT scenario_id FROM new_rows) u;
  ELSE
    -- TRUNCATE: every scenario's versions went.
    UPDATE scenario_location_generation SET generation = nextval('location_generation_seq');
    RETURN NULL;
  END IF;
  INSERT INTO scenario_location_generation (scenario_id, generation)
    SELECT id, nextval('location_generation_seq') FROM unnest(ids) AS id ORDER BY id
    ON CONFLICT (scenario_id) DO UPDATE SET generation = EXCLUDED.generation;
  RETURN NULL;
END
$$;

-- Transition tables are given to single-event triggers only: one trigger per kind of write.
CREATE TRIGGER location_version_inserted AFTER INSERT ON location_version
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION locus_location_generation();

CREATE TRIGGER location_version_deleted AFTER DELETE ON location_version
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION locus_location_generation();

CREATE TRIGGER location_version_updated AFTER UPDATE ON location_version
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION locus_location_generation();

CREATE TRIGGER location_version_truncated AFTER TRUNCATE ON location_version
  FOR EACH STATEMENT EXECUTE FUNCTION locus_location_generation();

-- Scenarios that hold versions already.
INSERT INTO scenario_location_generation (scenario_id, generation)
  SELECT s.scenario_id, nextval('location_generation_seq') FROM (SELECT DISTINCT scenario_id FROM location_version) s;
