-- Rows name uploaded files by key (`ab/<uuid>.webp`), never by URL: the URL is made when a
-- row is read, at the app's /uploads/ or at MEDIA_PUBLIC_URL, so the public address can
-- change without rewriting rows. Until now review photos and media and profile pictures
-- held `/uploads/<key>`, or the public address followed by the key.
--
-- A stored value becomes its key when it is the app's own `/uploads/<key>`, or an absolute
-- URL whose path ends in `/<key>` where the key names an upload (its file, or its
-- thumbnail): the public address is a setting the database does not know, and an upload
-- row is what tells an Encore file from someone else's. Anything else stays as it is: a
-- sign-in provider's picture, the demo art under /demo/.
CREATE FUNCTION "stored_media_key"("stored" text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN "stored" ~ '^/uploads/[0-9a-f]{2}/[0-9a-f-]{36}(-thumb)?\.[a-z0-9]{3,4}$'
      THEN substr("stored", length('/uploads/') + 1)
    WHEN "stored" ~* '^https?://' AND EXISTS (
      SELECT 1 FROM "uploads"
       WHERE "file_key" = substring("stored" from '/([0-9a-f]{2}/[0-9a-f-]{36}(?:-thumb)?\.[a-z0-9]{3,4})$')
          OR "file_key" = regexp_replace(
               substring("stored" from '/([0-9a-f]{2}/[0-9a-f-]{36}-thumb\.[a-z0-9]{3,4})$'),
               '-thumb(\.[a-z0-9]{3,4})$', '\1'))
      THEN substring("stored" from '/([0-9a-f]{2}/[0-9a-f-]{36}(?:-thumb)?\.[a-z0-9]{3,4})$')
    ELSE "stored"
  END
$$;
--> statement-breakpoint
UPDATE "reviews" SET
  "photos" = ARRAY(
    SELECT "stored_media_key"("photo")
      FROM unnest("photos") WITH ORDINALITY AS "p"("photo", "position")
     ORDER BY "position"),
  "media" = (
    SELECT coalesce(jsonb_agg("item" || jsonb_strip_nulls(jsonb_build_object(
             'url', "stored_media_key"("item"->>'url'),
             'thumbnailUrl', "stored_media_key"("item"->>'thumbnailUrl')))
           ORDER BY "position"), '[]'::jsonb)
      FROM jsonb_array_elements("media") WITH ORDINALITY AS "m"("item", "position"))
WHERE "photos" <> '{}'::text[] OR "media" <> '[]'::jsonb;
--> statement-breakpoint
UPDATE "users" SET "profile_image_url" = "stored_media_key"("profile_image_url")
WHERE "profile_image_url" IS DISTINCT FROM "stored_media_key"("profile_image_url");
--> statement-breakpoint
DROP FUNCTION "stored_media_key"(text);
