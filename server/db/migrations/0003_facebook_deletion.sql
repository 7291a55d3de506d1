CREATE TABLE "facebook_deletion_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"facebook_user_id" text NOT NULL,
	"confirmation_code" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "facebook_deletion_requests_status_check" CHECK ("facebook_deletion_requests"."status" in ('in_progress', 'deleted')),
	CONSTRAINT "facebook_deletion_requests_completed_check" CHECK (("facebook_deletion_requests"."status" = 'deleted') = ("facebook_deletion_requests"."completed_at" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "facebook_deletion_requests_confirmation_code_unique" ON "facebook_deletion_requests" USING btree ("confirmation_code");--> statement-breakpoint
CREATE INDEX "facebook_deletion_requests_facebook_user_id_idx" ON "facebook_deletion_requests" USING btree ("facebook_user_id");