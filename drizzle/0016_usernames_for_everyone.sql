-- Accounts made before sign-up chose a username get one the way new accounts do
-- (src/server/modules/users/handles.ts): their name in lowercase words joined by hyphens,
-- else their e-mail's local part, else "fan"; a namesake gets the next free number.
-- Accented letters are dropped here rather than folded (no unaccent on every database).
DO $$
DECLARE
  person record;
  from_name text;
  base text;
  candidate text;
  n int;
BEGIN
  FOR person IN
    SELECT id, first_name, last_name, email FROM users WHERE username IS NULL ORDER BY created_at, id
  LOOP
    from_name := trim(both '-' from regexp_replace(
      lower(concat_ws(' ', person.first_name, person.last_name)), '[^a-z0-9]+', '-', 'g'));
    -- Whole words up to 24 characters, leaving room for a number.
    from_name := coalesce(substring(from_name from '^(.{1,24})(?=-|$)'), left(from_name, 24));
    base := from_name;
    IF length(base) < 3 THEN
      base := trim(both '-' from regexp_replace(
        lower(split_part(coalesce(person.email, ''), '@', 1)), '[^a-z0-9]+', '-', 'g'));
      base := coalesce(substring(base from '^(.{1,24})(?=-|$)'), left(base, 24));
    END IF;
    IF length(base) < 3 THEN
      base := CASE WHEN from_name = '' THEN 'fan' ELSE from_name || '-fan' END;
    END IF;
    candidate := base;
    n := 1;
    WHILE EXISTS (SELECT 1 FROM users WHERE username = candidate) LOOP
      n := n + 1;
      candidate := base || '-' || n;
    END LOOP;
    UPDATE users SET username = candidate WHERE id = person.id;
  END LOOP;
END $$;
