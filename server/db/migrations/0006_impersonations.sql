CREATE TABLE "impersonations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"admin_session_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_how" text,
	CONSTRAINT "impersonations_ended_how_check" CHECK ("impersonations"."ended_how" in ('ended', 'signed_out', 'expired')),
	CONSTRAINT "impersonations_ended_check" CHECK (("impersonations"."ended_at" is null) = ("impersonations"."ended_how" is null)),
	CONSTRAINT "impersonations_not_self_check" CHECK ("impersonations"."admin_id" <> "impersonations"."user_id")
);
--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impersonations_admin_id_started_at_idx" ON "impersonations" USING btree ("admin_id","started_at");--> statement-breakpoint
CREATE INDEX "impersonations_user_id_started_at_idx" ON "impersonations" USING btree ("user_id","started_at");