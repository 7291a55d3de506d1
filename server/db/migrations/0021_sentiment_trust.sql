ALTER TABLE "comments" DROP CONSTRAINT "comments_review_reason_check";--> statement-breakpoint
ALTER TABLE "sentiment_models" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "sentiment_models" ADD COLUMN "wins" real;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_review_reason_check" CHECK ("comments"."review_reason" in ('unsure', 'unreadable', 'mixed', 'ironic', 'sampled'));--> statement-breakpoint
ALTER TABLE "sentiment_models" ADD CONSTRAINT "sentiment_models_decision_check" CHECK ("sentiment_models"."decision" in ('better', 'notClearlyBetter', 'tooFewHeldOut'));