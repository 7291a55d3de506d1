ALTER TABLE "comment_days" ADD COLUMN "is_bookmarked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_days" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_days" ADD COLUMN "replied_by_you" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_channel_bookmarked_idx" ON "comments" USING btree ("channel_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."is_bookmarked";--> statement-breakpoint
CREATE INDEX "comments_channel_hidden_idx" ON "comments" USING btree ("channel_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."is_hidden";--> statement-breakpoint
CREATE INDEX "comments_channel_replied_idx" ON "comments" USING btree ("channel_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."channel_reply_count" > 0;--> statement-breakpoint
-- comment_days is keyed also by the owner's marks and by whether the channel replied, so a count
-- by any filter but words is a sum of its rows (docs/decisions/062). The same triggers as 0023's,
-- with those keys; still only inserts.
CREATE OR REPLACE FUNCTION comment_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, comments)
  SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, in_review, parent_id IS NULL,
         is_bookmarked, is_hidden, channel_reply_count > 0, count(*)
  FROM added
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comment_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, comments)
  SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, in_review, parent_id IS NULL,
         is_bookmarked, is_hidden, channel_reply_count > 0, -count(*)
  FROM removed
  WHERE EXISTS (SELECT 1 FROM channels WHERE channels.id = removed.channel_id)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new message or author moves nothing; a review, a new sentiment, a mark, a first reply or a
-- move to another channel or day do.
CREATE OR REPLACE FUNCTION comment_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, comments)
  SELECT channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, sum(comments)
  FROM (
    SELECT o.channel_id, (o.published_at AT TIME ZONE 'UTC')::date AS day, o.sentiment, o.in_review,
           o.parent_id IS NULL AS top_level, o.is_bookmarked, o.is_hidden, o.channel_reply_count > 0 AS replied_by_you,
           -1 AS comments
    FROM before_change AS o
    UNION ALL
    SELECT n.channel_id, (n.published_at AT TIME ZONE 'UTC')::date, n.sentiment, n.in_review, n.parent_id IS NULL,
           n.is_bookmarked, n.is_hidden, n.channel_reply_count > 0, 1
    FROM after_change AS n
  ) AS moves
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(comments) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Counted again, with the new keys.
DELETE FROM comment_days;
--> statement-breakpoint
INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, comments)
SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, in_review, parent_id IS NULL,
       is_bookmarked, is_hidden, channel_reply_count > 0, count(*)
FROM comments GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
