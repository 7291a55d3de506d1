-- comment_days is read only for a period, by channel and day (a project's chart and report); the
-- counts over every day read comment_totals since 0035 (docs/decisions/071). These two indexes
-- served those counts before, no query reads them now, and every change of a comment wrote them
-- (docs/decisions/092).
DROP INDEX "comment_days_inbox_count_idx";--> statement-breakpoint
DROP INDEX "comment_days_in_review_idx";
