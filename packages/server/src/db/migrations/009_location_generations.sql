-- A number per scenario that changes with every write to its location
-- versions (insert, update, delete, also those made by cascades from location,
-- scenario, group or cluster), taken from one sequence so no value comes back.
-- A process that keeps a scenario's calculation inputs learns with one small
-- read whether they still hold (processing/location-cache.ts); it is in the
-- database, so writes of other server processes count too. Rows are written in
-- scenario order, so two transactions that touch several scenarios' versions
-- take their locks in one order.

CREATE SEQUENCE location_generation_seq;

CREATE TABLE scenario_location_generation (
  scenario_id  integer PRIMARY KEY,   -- no foreign key: a deleted scenario's versions are deleted after it
  generation   bigint NOT NULL
);

CREATE FUNCTION locus_location_generation_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scenario_location_generation (scenario_id, generation)
    SELECT s.scenario_id, nextval('location_generation_seq') FROM (SELECT DISTINCT scenario_id FROM new_rows) s ORDER BY s.scenario_id
    ON CONFLICT (scenario_id) DO UPDATE SET generation = EXCLUDED.generation;
  RETURN NULL;
END
$$;

CREATE FUNCTION locus_location_generation_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scenario_location_generation (scenario_id, generation)
    SELECT s.scenario_id, nextval('location_generation_seq') FROM (SELECT DISTINCT scenario_id FROM old_rows) s ORDER BY s.scenario_id
    ON CONFLICT (scenario_id) DO UPDATE SET generation = EXCLUDED.generation;
  RETURN NULL;
END
$$;

CREATE FUNCTION locus_location_generation_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scenario_location_generation (scenario_id, generation)
    SELECT s.scenario_id, nextval('location_generation_seq')
      FROM (SELECT scenario_id FROM old_rows UNION SELECT scenario_id FROM new_rows) s ORDER BY s.scenario_id
    ON CONFLICT (scenario_id) DO UPDATE SET generation = EXCLUDED.generation;
  RETURN NULL;
END
$$;

CREATE FUNCTION locus_location_generation_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scenario_location_generation SET generation = nextval('location_generation_seq');
  RETURN NULL;
END
$$;

CREATE TRIGGER location_version_inserted AFTER INSERT ON location_version
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION locus_location_generation_new();

CREATE TRIGGER location_version_deleted AFTER DELETE ON location_version
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION locus_location_generation_old();

CREATE TRIGGER location_version_updated AFTER UPDATE ON location_version
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION locus_location_generation_both();

CREATE TRIGGER location_version_truncated AFTER TRUNCATE ON location_version
  FOR EACH STATEMENT EXECUTE FUNCTION locus_location_generation_all();

-- Scenarios that hold versions already.
INSERT INTO scenario_location_generation (scenario_id, generation)
  SELECT s.scenario_id, nextval('location_generation_seq') FROM (SELECT DISTINCT scenario_id FROM location_version) s;
