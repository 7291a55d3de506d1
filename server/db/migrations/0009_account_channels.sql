ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD COLUMN "channels_fetched_at" timestamp with time zone;