-- A result's arrays are stored as they are, out of line, not compressed: the
-- compression of some hundred kilobytes of floats per sub-model (ids in
-- ascending order compress well, the rest hardly) took most of the storing
-- transaction's time, and reads decode them whole anyway. As result_block's data (006).
ALTER TABLE scenario_result ALTER COLUMN location_ids SET STORAGE EXTERNAL;
ALTER TABLE scenario_result ALTER COLUMN location_inputs SET STORAGE EXTERNAL;
ALTER TABLE scenario_result ALTER COLUMN active SET STORAGE EXTERNAL;
ALTER TABLE scenario_result ALTER COLUMN attractiveness SET STORAGE EXTERNAL;
ALTER TABLE scenario_result ALTER COLUMN output SET STORAGE EXTERNAL;
ALTER TABLE scenario_result ALTER COLUMN area_ids SET STORAGE EXTERNAL;
ALTER TABLE scenario_result ALTER COLUMN demand SET STORAGE EXTERNAL;
ALTER TABLE scenario_result ALTER COLUMN reach SET STORAGE EXTERNAL;
