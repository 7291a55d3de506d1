CREATE TABLE "sentiment_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trained_at" timestamp with time zone NOT NULL,
	"reviewed_comments" integer NOT NULL,
	"held_out" integer NOT NULL,
	"score" real NOT NULL,
	"previous_score" real NOT NULL,
	"model" "bytea",
	"in_use" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sentiment_models_in_use_model_check" CHECK (not "sentiment_models"."in_use" or "sentiment_models"."model" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sentiment_models_in_use_unique" ON "sentiment_models" USING btree ("in_use") WHERE "sentiment_models"."in_use";--> statement-breakpoint
CREATE INDEX "sentiment_models_trained_idx" ON "sentiment_models" USING btree ("trained_at" DESC NULLS LAST);