-- Issue 11 (hand-written): item gifts may carry the weight of gold or silver and the host's estimate.
ALTER TABLE "gifts" ADD COLUMN "weight_grams" double precision;
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "approx_value" integer;
