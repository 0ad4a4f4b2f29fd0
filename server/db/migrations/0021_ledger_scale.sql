-- Issue 30 (hand-written): the ledger at any size, and who gave in more than a name.
-- Identity fields on a gift and a ledger person: the spouse's or father's name (kin_name) and an
-- occupation or title (POLICE, a shop's name). A gift may split its amount into the part that
-- returns moi the host gave them (returning_amount, முந்தைய மொய்) and the new part (amount minus it).
ALTER TABLE "gifts" ADD COLUMN "kin_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "title" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "returning_amount" integer;
--> statement-breakpoint
ALTER TABLE "ledger_people" ADD COLUMN "kin_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_people" ADD COLUMN "title" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The matcher's stored answers (server/domain/ledger-matcher.ts): pairs of people that are probably
-- one, offered to the host. Written off the request path; the ledger read only selects them.
CREATE TABLE "ledger_offers" (
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"a" text NOT NULL,
	"b" text NOT NULL,
	CONSTRAINT "ledger_offers_pk" PRIMARY KEY ("owner_id", "a", "b")
);
--> statement-breakpoint
-- Per host: whether the stored offers need computing again (a split, an alias group changed).
CREATE TABLE "ledger_match_state" (
	"owner_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"stale" boolean DEFAULT true NOT NULL,
	"matched_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "ledger_match_state" ("owner_id") SELECT DISTINCT "owner_id" FROM "ledger_people";
--> statement-breakpoint
-- An old book's import runs as a job: the host's device polls its progress.
CREATE TABLE "ledger_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"phase" text DEFAULT '' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_jobs_owner_idx" ON "ledger_jobs" ("owner_id", "created_at");
--> statement-breakpoint
-- Gifts no person holds yet are found by an anti-join on this.
CREATE INDEX IF NOT EXISTS "ledger_links_owner_person_idx" ON "ledger_links" ("owner_id", "person_id");
