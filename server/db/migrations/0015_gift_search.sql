-- Issue 14: server search over an event's gifts with trigram indexes (pg_trgm; PGlite loads its
-- contrib build). search_raw is what the list search matches as typed: the five searched fields,
-- lower case, dots and commas as spaces (as normalizeText on the device). search_fold holds the
-- phonetic fold of name, initial and village (ledger/fold.ts foldGiver), written by the server
-- with every gift it writes; rows from before this migration, or written around the domain
-- functions, get it before the next search of their event (fillSearchFolds).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "search_raw" text GENERATED ALWAYS AS (
  regexp_replace(lower("name" || ' ' || "initial" || ' ' || "village" || ' ' || "receipt_no" || ' ' || "mobile"), '[.,[:space:]]+', ' ', 'g')
) STORED;
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "search_fold" text;
--> statement-breakpoint
CREATE INDEX "gifts_search_raw_trgm" ON "gifts" USING gin ("search_raw" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "gifts_search_fold_trgm" ON "gifts" USING gin ("search_fold" gin_trgm_ops);
--> statement-breakpoint
-- The live list of an event, newest first: the first page without sorting the whole event.
CREATE INDEX "gifts_event_live_entered_idx" ON "gifts" ("event_id", "entered_at" DESC, "receipt_no") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Gifts whose fold is still to be written (fillSearchFolds, before each search).
CREATE INDEX "gifts_search_fold_missing_idx" ON "gifts" ("event_id") WHERE "search_fold" IS NULL;
