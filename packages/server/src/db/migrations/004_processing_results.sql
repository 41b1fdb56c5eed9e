-- Stored results of scenario processing (see src/processing/results-store.ts).
--
-- One scenario_result row per scenario and sub-model holds the per-location
-- arrays of the calculation (little-endian typed arrays in bytea) and the
-- list of its pair blocks. The demand areas (id, demand) and their candidate
-- pairs (location, minutes by car and on foot, probability) are cut into
-- blocks of consecutive demand areas; a block is stored once under the hash
-- of its bytes and shared by every result that has the same rows, so a child
-- scenario that changes one store stores only the few blocks around that store. Catchments, area reads
-- and the next incremental calculation are rebuilt from these rows without
-- calculating again.

CREATE TABLE result_block (
  hash  bytea PRIMARY KEY,                      -- sha-1 of data
  data  bytea NOT NULL
);

CREATE TABLE scenario_result (
  scenario_id       integer NOT NULL REFERENCES scenario(id) ON DELETE CASCADE,
  sub_model_id      integer NOT NULL REFERENCES sub_model(id) ON DELETE CASCADE,
  -- A new value on every store: caches of decoded results are keyed by it.
  version           text NOT NULL,
  -- Parameters, demand areas and travel-time source the result was computed
  -- with: a result is the basis of an incremental calculation only under the same key.
  basis_key         text NOT NULL,
  -- The result this one was derived from incrementally (null: a full calculation).
  derived_from      text,
  computed_at       timestamptz NOT NULL DEFAULT now(),
  output_type       smallint NOT NULL,
  parameters        jsonb NOT NULL,               -- the sub-model's parameters the result was computed with
  area_set_id       integer,
  area_count        integer NOT NULL,
  location_count    integer NOT NULL,
  pair_count        integer NOT NULL,
  block_areas       integer NOT NULL,             -- demand areas per block
  location_ids      bytea NOT NULL,               -- Int32 per location, in calculation order
  location_inputs   bytea NOT NULL,               -- Uint32 fingerprint of each location's inputs
  active            bytea NOT NULL,               -- Uint8 per location: 1 attracted demand
  attractiveness    bytea NOT NULL,               -- Float64 A_j
  output            bytea NOT NULL,               -- Float64 O_j
  fallbacks         jsonb NOT NULL DEFAULT '{}',  -- functions that used their default value, with counts
  PRIMARY KEY (scenario_id, sub_model_id)
);

-- The blocks of a result, in area order.
CREATE TABLE scenario_result_block (
  scenario_id   integer NOT NULL,
  sub_model_id  integer NOT NULL,
  block_index   integer NOT NULL,
  hash          bytea NOT NULL REFERENCES result_block(hash),
  PRIMARY KEY (scenario_id, sub_model_id, block_index),
  FOREIGN KEY (scenario_id, sub_model_id) REFERENCES scenario_result(scenario_id, sub_model_id) ON DELETE CASCADE
);
CREATE INDEX scenario_result_block_hash ON scenario_result_block(hash);

-- The output of every location in a calculated scenario, for reads in SQL
-- (exports, lists): the same numbers as scenario_result.output.
CREATE TABLE location_output (
  scenario_id     integer NOT NULL,
  sub_model_id    integer NOT NULL,
  location_id     integer NOT NULL,
  output          double precision NOT NULL,
  attractiveness  double precision NOT NULL,
  PRIMARY KEY (scenario_id, sub_model_id, location_id),
  FOREIGN KEY (scenario_id, sub_model_id) REFERENCES scenario_result(scenario_id, sub_model_id) ON DELETE CASCADE
);

-- Surface overlap of the demand areas with another area set (catchment areas
-- on postcodes while demand is on grid cells), computed once per pair of sets.
CREATE TABLE area_overlap (
  source_area_set_id  integer NOT NULL REFERENCES area_set(id) ON DELETE CASCADE,
  target_area_set_id  integer NOT NULL REFERENCES area_set(id) ON DELETE CASCADE,
  stamp               text NOT NULL,            -- area counts and largest ids of both sets
  offsets             bytea NOT NULL,           -- Uint32 per source area + 1
  target              bytea NOT NULL,           -- Uint32 position of the target area
  weight              bytea NOT NULL,           -- Float64 share of the source surface
  target_ids          bytea NOT NULL,           -- Float64 target area ids in position order
  PRIMARY KEY (source_area_set_id, target_area_set_id)
);

-- Who calculated a scenario: the worker of the last claim, and how many
-- claims the request took (more than one only after a worker died).
ALTER TABLE processing_log ADD COLUMN worker text;
ALTER TABLE processing_log ADD COLUMN claims integer NOT NULL DEFAULT 0;

CREATE INDEX scenario_queue ON scenario(status, heartbeat_at) WHERE status BETWEEN 1 AND 8;
