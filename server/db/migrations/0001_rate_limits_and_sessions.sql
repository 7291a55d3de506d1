CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"blocked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "family_expires_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: families that exist already end 30 days after their sign-in (their first token).
UPDATE "refresh_tokens" AS "t" SET "family_expires_at" = "f"."started_at" + interval '30 days'
FROM (SELECT "family_id", min("created_at") AS "started_at" FROM "refresh_tokens" GROUP BY "family_id") AS "f"
WHERE "f"."family_id" = "t"."family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "family_expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_at_idx" ON "rate_limits" USING btree ("expires_at");