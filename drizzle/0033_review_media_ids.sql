-- A review's body names its photos and videos by id, no longer by URL: the id of the upload
-- (what POST /api/upload answers), which each item a review keeps now carries as `id`.
-- Items written before hold none: an uploaded file takes its upload's id (the upload whose
-- file it shows, held by this review), anything else (the demo art) an id of its own.
UPDATE "reviews" SET
  "media" = (
    SELECT jsonb_agg(
             CASE WHEN "item" ? 'id' THEN "item"
                  ELSE "item" || jsonb_build_object('id', coalesce(
                    (SELECT "u"."id"::text FROM "uploads" "u"
                      WHERE "u"."file_key" = "item"->>'url' AND "u"."review_id" = "reviews"."id"),
                    gen_random_uuid()::text))
             END
             ORDER BY "position")
      FROM jsonb_array_elements("media") WITH ORDINALITY AS "m"("item", "position"))
WHERE "media" <> '[]'::jsonb;
