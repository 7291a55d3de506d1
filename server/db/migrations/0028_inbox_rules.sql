CREATE TABLE "inbox_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"sentiment" text,
	"network" text,
	"actions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "rule_name" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "rule_actions" text[];--> statement-breakpoint
ALTER TABLE "inbox_rules" ADD CONSTRAINT "inbox_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_rules_project_idx" ON "inbox_rules" USING btree ("project_id","created_at");