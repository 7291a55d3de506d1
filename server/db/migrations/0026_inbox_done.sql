ALTER TABLE "comment_days" ADD COLUMN "is_done" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "done_batch_id" uuid;--> statement-breakpoint
CREATE INDEX "comments_channel_open_idx" ON "comments" USING btree ("channel_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."done_at" is null and "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_channel_open_negative_idx" ON "comments" USING btree ("channel_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."done_at" is null and "comments"."parent_id" is null and "comments"."sentiment" = 'NEGATIVE';--> statement-breakpoint
CREATE INDEX "comments_done_batch_idx" ON "comments" USING btree ("done_batch_id") WHERE "comments"."done_batch_id" is not null;--> statement-breakpoint
-- comment_days is keyed also by being done in the owner's inbox, so the inbox's count of open
-- comments is a sum of its rows (docs/decisions/063). The same triggers as 0025's, with that key.
CREATE OR REPLACE FUNCTION comment_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, comments)
  SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, in_review, parent_id IS NULL,
         is_bookmarked, is_hidden, channel_reply_count > 0, done_at IS NOT NULL, count(*)
  FROM added
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comment_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, comments)
  SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, in_review, parent_id IS NULL,
         is_bookmarked, is_hidden, channel_reply_count > 0, done_at IS NOT NULL, -count(*)
  FROM removed
  WHERE EXISTS (SELECT 1 FROM channels WHERE channels.id = removed.channel_id)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comment_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, comments)
  SELECT channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, sum(comments)
  FROM (
    SELECT o.channel_id, (o.published_at AT TIME ZONE 'UTC')::date AS day, o.sentiment, o.in_review,
           o.parent_id IS NULL AS top_level, o.is_bookmarked, o.is_hidden, o.channel_reply_count > 0 AS replied_by_you,
           o.done_at IS NOT NULL AS is_done, -1 AS comments
    FROM before_change AS o
    UNION ALL
    SELECT n.channel_id, (n.published_at AT TIME ZONE 'UTC')::date, n.sentiment, n.in_review, n.parent_id IS NULL,
           n.is_bookmarked, n.is_hidden, n.channel_reply_count > 0, n.done_at IS NOT NULL, 1
    FROM after_change AS n
  ) AS moves
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  HAVING sum(comments) <> 0;
  RETURN NULL;
END $$;
