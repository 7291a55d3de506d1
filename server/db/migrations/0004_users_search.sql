-- The admin users search (GET /v1.0/users?search=): a substring of email, first and last name,
-- ignoring case and accents, fast on 100,000 users. unaccent folds accents ("José" → "jose",
-- "Łukasz" → "lukasz") into the stored users.search_text; pg_trgm's GIN index over it answers
-- LIKE '%…%'. Both extensions ship with PostgreSQL's contrib (trusted since 13: the database
-- owner may create them) and with PGlite 0.5 (loaded in server/db/client.ts).
-- unaccent() is only STABLE (its dictionary could change), so a generated column cannot call it:
-- this IMMUTABLE wrapper, with the function and dictionary named by schema, is the usual way round
-- it. The query (server/users/queries.ts) folds the search with the same function.
-- Written above drizzle-kit's output by hand: drizzle-kit manages neither extensions nor functions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "has_payment_method" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold("email" || ' ' || "first_name" || ' ' || "last_name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);
