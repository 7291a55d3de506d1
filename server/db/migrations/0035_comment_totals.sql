CREATE TABLE "comment_totals" (
	"channel_id" uuid NOT NULL,
	"sentiment" text NOT NULL,
	"in_review" boolean DEFAULT false NOT NULL,
	"top_level" boolean DEFAULT true NOT NULL,
	"is_bookmarked" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"replied_by_you" boolean DEFAULT false NOT NULL,
	"is_done" boolean DEFAULT false NOT NULL,
	"comments" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_totals" ADD CONSTRAINT "comment_totals_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_totals_channel_idx" ON "comment_totals" USING btree ("channel_id","is_done","top_level","sentiment","is_bookmarked","is_hidden","replied_by_you","in_review","comments");--> statement-breakpoint
CREATE INDEX "comment_totals_in_review_idx" ON "comment_totals" USING btree ("sentiment") WHERE "comment_totals"."in_review";--> statement-breakpoint
-- comment_totals is comment_days without the day (docs/decisions/071), kept by the same triggers
-- from the same grouped rows, in one statement each. No comment changes while the functions are
-- replaced and the totals are made from comment_days, so none is counted in one and not the other.
LOCK TABLE "comments" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comment_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moves AS (
    SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date AS day, sentiment, in_review, parent_id IS NULL AS top_level,
           is_bookmarked, is_hidden, channel_reply_count > 0 AS replied_by_you, done_at IS NOT NULL AS is_done, count(*)::int AS comments
    FROM added
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ), days AS (
    INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, comments)
    SELECT * FROM moves
  )
  INSERT INTO comment_totals (channel_id, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, comments)
  SELECT channel_id, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, sum(comments)
  FROM moves
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comment_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moves AS (
    SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date AS day, sentiment, in_review, parent_id IS NULL AS top_level,
           is_bookmarked, is_hidden, channel_reply_count > 0 AS replied_by_you, done_at IS NOT NULL AS is_done, -count(*)::int AS comments
    FROM removed
    WHERE EXISTS (SELECT 1 FROM channels WHERE channels.id = removed.channel_id)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ), days AS (
    INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, comments)
    SELECT * FROM moves
  )
  INSERT INTO comment_totals (channel_id, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, comments)
  SELECT channel_id, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, sum(comments)
  FROM moves
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comment_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moves AS (
    SELECT channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, sum(comments)::int AS comments
    FROM (
      SELECT o.channel_id, (o.published_at AT TIME ZONE 'UTC')::date AS day, o.sentiment, o.in_review,
             o.parent_id IS NULL AS top_level, o.is_bookmarked, o.is_hidden, o.channel_reply_count > 0 AS replied_by_you,
             o.done_at IS NOT NULL AS is_done, -1 AS comments
      FROM before_change AS o
      UNION ALL
      SELECT n.channel_id, (n.published_at AT TIME ZONE 'UTC')::date, n.sentiment, n.in_review, n.parent_id IS NULL,
             n.is_bookmarked, n.is_hidden, n.channel_reply_count > 0, n.done_at IS NOT NULL, 1
      FROM after_change AS n
    ) AS moved
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum(comments) <> 0
  ), days AS (
    INSERT INTO comment_days (channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, comments)
    SELECT * FROM moves
  )
  INSERT INTO comment_totals (channel_id, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, comments)
  SELECT channel_id, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, sum(comments)
  FROM moves
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(comments) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The comments already there: comment_days summed over its days.
INSERT INTO comment_totals (channel_id, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, comments)
SELECT channel_id, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done, sum(comments)
FROM comment_days
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
HAVING sum(comments) <> 0;
