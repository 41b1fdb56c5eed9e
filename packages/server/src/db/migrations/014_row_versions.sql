-- Optimistic concurrency (no lost updates): every location version and every
-- scenario carries a version number that changes with each write to it, and
-- who made that write. A write sends the version its user saw; when the row
-- moved on meanwhile the write is refused with 409 changedElsewhere, naming
-- who changed it and when (scenarios/versions.ts). The numbers come from one
-- sequence, so a version never comes back, not even for a row deleted and
-- written again.
--
-- The writer is the transaction's setting locus.actor (set_config(..., true)
-- by inScenarioWrite), so every write path (edits, undos, copy changes,
-- cascades) records it without passing it down.

CREATE SEQUENCE row_version_seq;

CREATE FUNCTION locus_actor() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT NULLIF(current_setting('locus.actor', true), '')::integer
$$;

ALTER TABLE location_version
  ADD COLUMN version bigint NOT NULL DEFAULT nextval('row_version_seq'),
  ADD COLUMN modified_by integer REFERENCES app_user(id) ON DELETE SET NULL DEFAULT locus_actor();

ALTER TABLE scenario
  ADD COLUMN version bigint NOT NULL DEFAULT nextval('row_version_seq'),
  ADD COLUMN modified_by integer REFERENCES app_user(id) ON DELETE SET NULL DEFAULT locus_actor();

-- Any update that changes a location version is a new version (a writer
-- removed from the user list, ON DELETE SET NULL of modified_by, is not).
CREATE FUNCTION locus_location_version_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_jsonb(NEW) - 'version' - 'modified_by' IS DISTINCT FROM to_jsonb(OLD) - 'version' - 'modified_by' THEN
    NEW.version := nextval('row_version_seq');
    NEW.modified_by := locus_actor();
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER location_version_new_version BEFORE UPDATE ON location_version
  FOR EACH ROW EXECUTE FUNCTION locus_location_version_written();

-- A scenario gets a new version when what a user edits or sees in it changes:
-- its name, flags, parent, or its content (every content change stamps
-- modified). Status changes of the calculation leave the version as it is.
CREATE FUNCTION locus_scenario_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.is_top IS DISTINCT FROM OLD.is_top OR NEW.competition IS DISTINCT FROM OLD.competition
     OR NEW.parent_scenario_id IS DISTINCT FROM OLD.parent_scenario_id OR NEW.modified IS DISTINCT FROM OLD.modified THEN
    NEW.version := nextval('row_version_seq');
    NEW.modified_by := locus_actor();
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER scenario_new_version BEFORE UPDATE ON scenario
  FOR EACH ROW EXECUTE FUNCTION locus_scenario_written();
