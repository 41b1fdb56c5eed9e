-- A location's output and attractiveness are read from its scenario_result
-- row's arrays (processing/results-store.ts loadLocationOutputs), which hold
-- the same numbers: the per-row copy in location_output cost the storing of
-- every calculation a row per location and sub-model, and nothing else read it.
DROP TABLE location_output;
