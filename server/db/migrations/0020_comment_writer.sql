CREATE TABLE "reply_attempts" (
	"user_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"comment_id" uuid NOT NULL,
	"message" text NOT NULL,
	"reply_external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reply_attempts_user_id_attempt_id_pk" PRIMARY KEY("user_id","attempt_id")
);
--> statement-breakpoint
DROP INDEX "comments_message_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "reply_attempts" ADD CONSTRAINT "reply_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_attempts" ADD CONSTRAINT "reply_attempts_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_attempts_created_at_idx" ON "reply_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "channels_kind_external_idx" ON "channels" USING btree ("kind","external_id");--> statement-breakpoint
CREATE INDEX "comment_removals_removed_at_idx" ON "comment_removals" USING btree ("removed_at");--> statement-breakpoint
CREATE INDEX "comments_message_head_trgm_idx" ON "comments" USING gin (left("message_search", 500) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "comments_message_length_idx" ON "comments" USING btree (length("message_search"));