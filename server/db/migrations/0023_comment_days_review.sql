DROP INDEX "comments_channel_published_idx";--> statement-breakpoint
ALTER TABLE "comment_days" ADD COLUMN "in_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_days" ADD COLUMN "top_level" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "comment_days_in_review_idx" ON "comment_days" USING btree ("sentiment") WHERE "comment_days"."in_review";--> statement-breakpoint
CREATE INDEX "comments_in_review_sentiment_published_idx" ON "comments" USING btree ("sentiment","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."in_review";--> statement-breakpoint
CREATE INDEX "comments_channel_published_idx" ON "comments" USING btree ("channel_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- comment_days now counts every comment, keyed also by being in review and being top-level, so
-- the sentiment review's count reads it too (docs/decisions/062). The same triggers as 0022's,
-- with those two keys; still only inserts.
CREATE OR REPLACE FUNCTION comment_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, comments)
  SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, in_review, parent_id IS NULL, count(*)
  FROM added
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comment_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, comments)
  SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, in_review, parent_id IS NULL, -count(*)
  FROM removed
  WHERE EXISTS (SELECT 1 FROM channels WHERE channels.id = removed.channel_id)
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A bookmark or a reply counted moves nothing; a review (in_review), a new sentiment, a move to
-- another channel or day do.
CREATE OR REPLACE FUNCTION comment_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, comments)
  SELECT channel_id, day, sentiment, in_review, top_level, sum(comments)
  FROM (
    SELECT o.channel_id, (o.published_at AT TIME ZONE 'UTC')::date AS day, o.sentiment, o.in_review,
           o.parent_id IS NULL AS top_level, -1 AS comments
    FROM before_change AS o
    UNION ALL
    SELECT n.channel_id, (n.published_at AT TIME ZONE 'UTC')::date, n.sentiment, n.in_review, n.parent_id IS NULL, 1
    FROM after_change AS n
  ) AS moves
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(comments) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Counted again, with the new keys.
DELETE FROM comment_days;
--> statement-breakpoint
INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, comments)
SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, in_review, parent_id IS NULL, count(*)
FROM comments GROUP BY 1, 2, 3, 4, 5;
