CREATE TABLE "mautic_tokens" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"expires_at" timestamp with time zone NOT NULL,
	"obtained_by" uuid,
	"obtained_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mautic_tokens_one_row_check" CHECK ("mautic_tokens"."id")
);
--> statement-breakpoint
ALTER TABLE "mautic_tokens" ADD CONSTRAINT "mautic_tokens_obtained_by_users_id_fk" FOREIGN KEY ("obtained_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;