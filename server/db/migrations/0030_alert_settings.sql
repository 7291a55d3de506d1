ALTER TABLE "notifications" ADD COLUMN "negative_count" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "rule_name" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail" text DEFAULT 'now' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "alert_mail" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alert_mail" text DEFAULT 'now' NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mail" = 'hourly' and "notifications"."mailed_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('negativeComment', 'spike', 'ruleMatched'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_mail_check" CHECK ("notifications"."mail" in ('now', 'hourly', 'never'));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_alert_mail_check" CHECK ("projects"."alert_mail" in ('now', 'hourly', 'never'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_alert_mail_check" CHECK ("users"."alert_mail" in ('now', 'hourly', 'never'));