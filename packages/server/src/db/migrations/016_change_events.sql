-- The change feed behind the app's event stream (GET /api/events, events/):
-- every change of a scenario a planner sees (created, removed, its status, its
-- content stamp `modified`, its name, flags or parent) is written here by the
-- database itself, in the transaction that made it, whichever process made it
-- (an API process, a worker process calculating). Every server process reads
-- the rows in (tx, id) order up to the oldest transaction still running
-- (pg_snapshot_xmin), so no row committed late is ever skipped; (tx, id) is
-- also the stream's event id, which a client sends back as Last-Event-ID to
-- resume on any process. Rows older than an hour are deleted (events/feed.ts).

CREATE TABLE change_event (
  id           bigserial PRIMARY KEY,
  tx           xid8 NOT NULL DEFAULT pg_current_xact_id(),
  model_id     integer NOT NULL,
  scenario_id  integer NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('created', 'changed', 'removed')),
  status       smallint NOT NULL,
  modified     timestamptz NOT NULL,
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX change_event_order ON change_event (tx, id);
CREATE INDEX change_event_at ON change_event (at);

CREATE FUNCTION locus_scenario_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO change_event (model_id, scenario_id, kind, status, modified) VALUES (NEW.model_id, NEW.id, 'created', NEW.status, NEW.modified);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO change_event (model_id, scenario_id, kind, status, modified) VALUES (OLD.model_id, OLD.id, 'removed', OLD.status, OLD.modified);
  ELSIF NEW.status IS DISTINCT FROM OLD.status OR NEW.modified IS DISTINCT FROM OLD.modified OR NEW.name IS DISTINCT FROM OLD.name
     OR NEW.is_top IS DISTINCT FROM OLD.is_top OR NEW.competition IS DISTINCT FROM OLD.competition
     OR NEW.parent_scenario_id IS DISTINCT FROM OLD.parent_scenario_id THEN
    -- The processing heartbeat (heartbeat_at only) and claims are no news for a planner.
    INSERT INTO change_event (model_id, scenario_id, kind, status, modified) VALUES (NEW.model_id, NEW.id, 'changed', NEW.status, NEW.modified);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER scenario_event AFTER INSERT OR UPDATE OR DELETE ON scenario
  FOR EACH ROW EXECUTE FUNCTION locus_scenario_event();

-- Other processes on the same PostgreSQL read the feed as soon as it grew (LISTEN locus_changed, db/database.ts).
CREATE TRIGGER change_event_notify AFTER INSERT ON change_event
  FOR EACH STATEMENT EXECUTE FUNCTION locus_notify_changed();
