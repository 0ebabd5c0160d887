-- Every review marks its show "I was there" since marks came (0036): the reviews written
-- before them get their marks now, so the diary, the profile's Concerts and the year agree.
INSERT INTO "attendance" ("user_id", "concert_id", "status", "concert_date", "created_at", "updated_at")
SELECT r."user_id", r."concert_id", 'attended', c."date", r."created_at", r."created_at"
  FROM "reviews" r
  JOIN "concerts" c ON c."id" = r."concert_id"
ON CONFLICT ("user_id", "concert_id") DO UPDATE SET "status" = 'attended', "updated_at" = now()
  WHERE "attendance"."status" <> 'attended';
