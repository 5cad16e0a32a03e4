-- A build's chunks and patches are packed typed arrays: stored out of line without compression.
-- With the default (EXTENDED) storage PostgreSQL compressed them with pglz as they were written
-- (at 1M customers about 6 s of a core while the web processes serve), halving them at best, and
-- every part a web process reads with substring() decompressed its chunk from the start again.
-- Uncompressed, a part's read fetches only the TOAST pieces it covers. Values already stored keep
-- their form until their build is deleted.
ALTER TABLE "rec_model_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
ALTER TABLE "rec_model_patches" ALTER COLUMN "data" SET STORAGE EXTERNAL;
