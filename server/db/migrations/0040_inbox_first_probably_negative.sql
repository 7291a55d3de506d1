-- The inbox's default order lists first the negative comments and, with them, those waiting for a
-- reviewer that the classifier reads as negative (inboxFirst in server/db/schema.ts,
-- docs/decisions/107): its two partial indexes hold both.
DROP INDEX "comments_channel_open_negative_idx";--> statement-breakpoint
DROP INDEX "comments_negative_message_trgm_idx";--> statement-breakpoint
CREATE INDEX "comments_channel_open_negative_idx" ON "comments" USING btree ("channel_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."done_at" is null and "comments"."parent_id" is null and (("comments"."sentiment" = 'NEGATIVE' or ("comments"."sentiment" = 'UNCLASSIFIED' and "comments"."in_review" and "comments"."proposed_sentiment" = 'NEGATIVE')) is true);--> statement-breakpoint
CREATE INDEX "comments_negative_message_trgm_idx" ON "comments" USING gin (left("message_search", 500) gin_trgm_ops) WHERE (("comments"."sentiment" = 'NEGATIVE' or ("comments"."sentiment" = 'UNCLASSIFIED' and "comments"."in_review" and "comments"."proposed_sentiment" = 'NEGATIVE')) is true);