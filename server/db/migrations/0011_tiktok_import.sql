CREATE TABLE "channel_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"caption" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"share_count" integer DEFAULT 0 NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_channels" (
	"project_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_channels_project_id_channel_id_pk" PRIMARY KEY("project_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "import_progress" integer;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_posts" ADD CONSTRAINT "channel_posts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_channels" ADD CONSTRAINT "project_channels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_channels" ADD CONSTRAINT "project_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_posts_channel_external_unique" ON "channel_posts" USING btree ("channel_id","external_id");--> statement-breakpoint
CREATE INDEX "project_channels_channel_id_idx" ON "project_channels" USING btree ("channel_id");--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_import_progress_check" CHECK ("channels"."import_progress" is null or "channels"."import_progress" between 0 and 99);