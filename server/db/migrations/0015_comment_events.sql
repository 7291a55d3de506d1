CREATE TABLE "comment_removals" (
	"channel_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "comment_removals_channel_id_external_id_pk" PRIMARY KEY("channel_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "provider_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comment_removals" ADD CONSTRAINT "comment_removals_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;