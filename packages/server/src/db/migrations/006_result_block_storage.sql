-- Pair blocks of stored results are typed arrays (floats that do not
-- compress): keep them out of line but uncompressed, so storing and reading
-- a result never spends time on a compression attempt that gains nothing.
ALTER TABLE result_block ALTER COLUMN data SET STORAGE EXTERNAL;
