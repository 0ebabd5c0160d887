-- One forgiving search (modules/search): names are compared folded, so case, accents and
-- punctuation do not matter, and pg_trgm's word similarity forgives a typo or two.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- encore_fold('Guns N'' Roses') = 'guns and roses', encore_fold('AC/DC') = 'ac dc acdc',
-- encore_fold('Beyoncé') = 'beyonce'. Lowercased and without accents; apostrophes vanish;
-- other punctuation parts words, and where it stood inside a word ("AC/DC", "Jay-Z") the
-- word is kept joined too; "&", "+" and a lone "n" are "and". Immutable (the dictionary
-- is named, not looked up), so generated columns and indexes may use it.
CREATE FUNCTION "encore_fold"(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN (
  WITH lowered AS (
    SELECT regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)),
                          '[''’`]', '', 'g') AS text
  ), words AS (
    SELECT trim(regexp_replace(regexp_replace(' ' || regexp_replace(text, '[^[:alnum:]&+]+', ' ', 'g') || ' ',
                 ' (&|\+|n) ', ' and ', 'g'), '(&|\+)', ' and ', 'g')) AS spaced,
           trim(regexp_replace(regexp_replace(' ' || regexp_replace(text, '[^[:alnum:][:space:]&+]+', '', 'g') || ' ',
                 ' (&|\+|n) ', ' and ', 'g'), '(&|\+)', ' and ', 'g')) AS joined
      FROM lowered
  )
  SELECT regexp_replace(CASE WHEN spaced = joined THEN spaced ELSE spaced || ' ' || joined END,
                        '\s+', ' ', 'g')
    FROM words
);
--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "search_key" text GENERATED ALWAYS AS (encore_fold(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "search_key" text GENERATED ALWAYS AS (encore_fold(artist || ' ' || venue || ' ' || city)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "search_key" text GENERATED ALWAYS AS (encore_fold(name || ' ' || city)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_key" text GENERATED ALWAYS AS (encore_fold(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(username, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "artists_search_idx" ON "artists" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "concerts_search_key_idx" ON "concerts" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "venues_search_idx" ON "venues" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_key_idx" ON "users" USING gin ("search_key" gin_trgm_ops);