ALTER TABLE "channels" ADD COLUMN "import_run" uuid;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "import_cursor" bigint;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "import_seen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "import_moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "import_failure" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "import_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD COLUMN "fetch_failure" text;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD COLUMN "fetch_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_import_failure_check" CHECK ("channels"."import_failure" in ('reconnect', 'rateLimited', 'unreachable', 'badAnswer', 'failed'));--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD CONSTRAINT "provider_accounts_fetch_failure_check" CHECK ("provider_accounts"."fetch_failure" in ('reconnect', 'rateLimited', 'unreachable', 'badAnswer', 'failed'));