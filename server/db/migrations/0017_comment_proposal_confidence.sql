ALTER TABLE "comments" ADD COLUMN "proposal_confidence" real;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_review_reason_check" CHECK ("comments"."review_reason" in ('unsure', 'unreadable'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_proposal_confidence_check" CHECK ("comments"."proposal_confidence" is null or "comments"."proposal_confidence" between 0 and 1);