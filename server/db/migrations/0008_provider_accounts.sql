CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"binding_hash" text NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"account_id" uuid,
	"project_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "oauth_states_provider_check" CHECK ("oauth_states"."provider" in ('facebook', 'linkedin', 'tiktok')),
	CONSTRAINT "oauth_states_purpose_check" CHECK ("oauth_states"."purpose" in ('connect', 'reconnect', 'sign-in', 'sign-up', 'project-channel'))
);
--> statement-breakpoint
CREATE TABLE "provider_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'authorized' NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"granted_scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_accounts_provider_check" CHECK ("provider_accounts"."provider" in ('facebook', 'linkedin', 'tiktok')),
	CONSTRAINT "provider_accounts_status_check" CHECK ("provider_accounts"."status" in ('authorized', 'needs_reconnect'))
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_account_id_provider_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."provider_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD CONSTRAINT "provider_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_states_expires_at_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_accounts_owner_provider_external_unique" ON "provider_accounts" USING btree ("owner_id","provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_accounts_one_primary_unique" ON "provider_accounts" USING btree ("owner_id","provider") WHERE "provider_accounts"."is_primary";--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_account_id_provider_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."provider_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channels_account_id_idx" ON "channels" USING btree ("account_id");