-- Compact stored results (src/processing/result-codec.ts): a pair block now
-- holds only the pairs that carry demand (probability > 0) with Float32
-- probabilities and minutes in Uint16 hundredths, which is what the output
-- reads need; the engine thread keeps the exact result for incremental
-- calculations. The per-area arrays (ids, demand) and each location's range
-- of demand areas move to scenario_result, so a location's catchment reads
-- only the blocks of the areas it draws from.
--
-- Results stored in the old block format cannot be read any more: the
-- scenarios they belong to are queued again (status 1, with a processing log
-- row) and calculated anew by the first worker, and the old rows are removed.
INSERT INTO processing_log (scenario_id, model_id, scenario_name)
  SELECT s.id, s.model_id, s.name FROM scenario s
   WHERE s.status = 9 AND EXISTS (SELECT 1 FROM scenario_result r WHERE r.scenario_id = s.id);
UPDATE scenario s SET status = 1, claimed_by = NULL, claimed_at = NULL, heartbeat_at = NULL
 WHERE s.status = 9 AND EXISTS (SELECT 1 FROM scenario_result r WHERE r.scenario_id = s.id);
DELETE FROM scenario_result;
DELETE FROM result_block;

ALTER TABLE scenario_result ADD COLUMN area_ids bytea NOT NULL;  -- Float64 id per demand area, calculation order
ALTER TABLE scenario_result ADD COLUMN demand bytea NOT NULL;    -- Float64 D_i per demand area
ALTER TABLE scenario_result ADD COLUMN reach bytea NOT NULL;     -- Uint32 first and last demand area per location (first > last: none)
