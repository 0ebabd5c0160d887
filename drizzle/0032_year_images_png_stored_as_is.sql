-- A PNG is compressed already: stored as it is, out of line, without the database trying
-- to compress it again on every write.
ALTER TABLE "year_images" ALTER COLUMN "png" SET STORAGE EXTERNAL;
