ALTER TABLE "profiles" ADD COLUMN "username_canonical" text;--> statement-breakpoint
-- canonicalUsername() of src/core/usernames.ts in SQL, to fill the rows made before the column: lower case,
-- 1 and l read as i, 0 as o, runs of underscores as one, none at either end. A test holds the two alike.
CREATE FUNCTION username_canonical(name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT trim(both '_' from regexp_replace(translate(lower(name), 'l10', 'iio'), '_+', '_', 'g'))
$$;--> statement-breakpoint
-- Look-alikes that already exist keep their names: the oldest holds the canonical form, the younger ones
-- keep none (null never clashes), and a new name like any of them is still refused by the oldest's.
UPDATE "profiles" SET "username_canonical" = claimed.canonical
FROM (
  SELECT DISTINCT ON (username_canonical("username")) "id", username_canonical("username") AS canonical
  FROM "profiles"
  WHERE "username" IS NOT NULL
  ORDER BY username_canonical("username"), "created_at", "id"
) AS claimed
WHERE "profiles"."id" = claimed."id";--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_canonical_idx" ON "profiles" USING btree ("username_canonical");--> statement-breakpoint
-- Leaders and admins made before addresses were confirmed keep their roles, and count as confirmed: ADMIN_EMAILS
-- and `npm run users -- promote` promote only confirmed addresses, and an admin must not be locked out of
-- being promoted again, nor asked to confirm, on the day this is deployed. Other existing accounts confirm
-- theirs like new ones (the banner's 'Send again'); until then they stay members.
UPDATE "users" SET "email_verified" = true
WHERE "id" IN (SELECT "id" FROM "profiles" WHERE "role" IN ('leader', 'admin'));
