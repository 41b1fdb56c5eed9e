-- A block's bytes may live in a file of the embedded database's data folder
-- instead of in the row (processing/block-files.ts): such a row keeps its hash
-- and a NULL data. On PostgreSQL every block keeps its bytes in the row.
ALTER TABLE result_block ALTER COLUMN data DROP NOT NULL;
