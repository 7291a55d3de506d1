CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_kind_check" CHECK ("channels"."kind" in ('facebook-page', 'instagram-account', 'facebook-ad-account', 'linkedin-organization', 'tiktok-user'))
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"parent_id" uuid,
	"message" text NOT NULL,
	"author_name" text NOT NULL,
	"sentiment" text NOT NULL,
	"in_review" boolean DEFAULT false NOT NULL,
	"proposed_sentiment" text,
	"published_at" timestamp with time zone NOT NULL,
	"is_bookmarked" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"channel_reply_count" integer DEFAULT 0 NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"review_batch_id" uuid,
	"sentiment_before_review" text,
	"message_search" text GENERATED ALWAYS AS (search_fold("message")) STORED NOT NULL,
	"author_search" text GENERATED ALWAYS AS (search_fold("author_name")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_sentiment_check" CHECK ("comments"."sentiment" in ('POSITIVE', 'MIXED', 'NEGATIVE', 'NEUTRAL', 'UNCLASSIFIED')),
	CONSTRAINT "comments_proposed_sentiment_check" CHECK ("comments"."proposed_sentiment" in ('POSITIVE', 'MIXED', 'NEGATIVE', 'NEUTRAL', 'UNCLASSIFIED')),
	CONSTRAINT "comments_sentiment_before_review_check" CHECK ("comments"."sentiment_before_review" in ('POSITIVE', 'MIXED', 'NEGATIVE', 'NEUTRAL', 'UNCLASSIFIED')),
	CONSTRAINT "comments_channel_reply_count_check" CHECK ("comments"."channel_reply_count" >= 0),
	CONSTRAINT "comments_in_review_proposed_check" CHECK (not "comments"."in_review" or "comments"."proposed_sentiment" is not null)
);
--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_owner_kind_external_unique" ON "channels" USING btree ("owner_id","kind","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_channel_external_unique" ON "comments" USING btree ("channel_id","external_id");--> statement-breakpoint
CREATE INDEX "comments_published_idx" ON "comments" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_in_review_published_idx" ON "comments" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."in_review";--> statement-breakpoint
CREATE INDEX "comments_review_batch_idx" ON "comments" USING btree ("review_batch_id") WHERE "comments"."review_batch_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_channel_published_idx" ON "comments" USING btree ("channel_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "comments_message_search_trgm_idx" ON "comments" USING gin ("message_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "comments_author_search_trgm_idx" ON "comments" USING gin ("author_search" gin_trgm_ops);