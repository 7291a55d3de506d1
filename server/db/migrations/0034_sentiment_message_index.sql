-- Words asked with a sentiment found in one index (docs/decisions/070): the message's trigrams
-- with the sentiment first, through btree_gin, in place of the trigrams alone. Built before the
-- old one goes, so the message filter always has an index.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "comments_sentiment_message_trgm_idx" ON "comments" USING gin ("sentiment",left("message_search", 500) gin_trgm_ops);--> statement-breakpoint
DROP INDEX "comments_message_head_trgm_idx";
