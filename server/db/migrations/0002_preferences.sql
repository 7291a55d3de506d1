ALTER TABLE "users" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "language" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "theme" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_theme_check" CHECK ("users"."theme" in ('system', 'light', 'dark'));