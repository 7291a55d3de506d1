CREATE TABLE "comment_days" (
	"channel_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sentiment" text NOT NULL,
	"comments" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_days" ADD CONSTRAINT "comment_days_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_days_channel_day_idx" ON "comment_days" USING btree ("channel_id","day");--> statement-breakpoint
-- comment_days is kept by these triggers, in the transaction of each change to comments, by
-- statement (their transition tables): a row for each channel, UTC day and sentiment a statement
-- changed, with how many top-level comments (parent_id null) it gained or lost. Only inserts, so
-- no two writers ever wait on each other here; foldCommentDays folds the rows.
CREATE FUNCTION comment_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, comments)
  SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, count(*)
  FROM added WHERE parent_id IS NULL
  GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Comments deleted with their channel (its cascade) take nothing from it: its rows are gone too.
CREATE FUNCTION comment_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, comments)
  SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, -count(*)
  FROM removed
  WHERE parent_id IS NULL AND EXISTS (SELECT 1 FROM channels WHERE channels.id = removed.channel_id)
  GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Most changes (a bookmark, a review that keeps the sentiment, a reply counted) move nothing:
-- only a comment whose channel, day, sentiment or being top-level changed is taken from where it
-- was counted and added where it is now.
CREATE FUNCTION comment_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_days (channel_id, day, sentiment, comments)
  SELECT channel_id, day, sentiment, sum(comments)
  FROM (
    SELECT o.channel_id, (o.published_at AT TIME ZONE 'UTC')::date AS day, o.sentiment, -1 AS comments,
           o.parent_id IS NULL AS counted
    FROM before_change AS o
    UNION ALL
    SELECT n.channel_id, (n.published_at AT TIME ZONE 'UTC')::date, n.sentiment, 1, n.parent_id IS NULL
    FROM after_change AS n
  ) AS moves
  WHERE counted
  GROUP BY 1, 2, 3
  HAVING sum(comments) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comments_count_added AFTER INSERT ON comments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION comment_days_added();
--> statement-breakpoint
CREATE TRIGGER comments_count_removed AFTER DELETE ON comments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION comment_days_removed();
--> statement-breakpoint
CREATE TRIGGER comments_count_changed AFTER UPDATE ON comments
  REFERENCING OLD TABLE AS before_change NEW TABLE AS after_change
  FOR EACH STATEMENT EXECUTE FUNCTION comment_days_changed();
--> statement-breakpoint
-- The comments already there.
INSERT INTO comment_days (channel_id, day, sentiment, comments)
SELECT channel_id, (published_at AT TIME ZONE 'UTC')::date, sentiment, count(*)
FROM comments WHERE parent_id IS NULL GROUP BY 1, 2, 3;
