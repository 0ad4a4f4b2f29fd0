-- Issue 12 (hand-written): the family's moi ledger. A ledger belongs to a host (owner_id = a user who
-- owns events). People group a host's gifts across events; given moi, invitations and families hang off
-- people; merges and splits are recorded (and undone) in ledger_merges. Events may turn the counter hint off.
CREATE TABLE "ledger_families" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_people" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"name" text NOT NULL,
	"initial" text DEFAULT '' NOT NULL,
	"village" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"family_id" text REFERENCES "ledger_families"("id"),
	"merged_into" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_people_owner_idx" ON "ledger_people" ("owner_id");
--> statement-breakpoint
CREATE TABLE "ledger_links" (
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"gift_id" text NOT NULL REFERENCES "gifts"("id"),
	"person_id" text NOT NULL REFERENCES "ledger_people"("id"),
	"how" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_links_pk" PRIMARY KEY ("owner_id", "gift_id")
);
--> statement-breakpoint
CREATE INDEX "ledger_links_person_idx" ON "ledger_links" ("person_id");
--> statement-breakpoint
CREATE TABLE "ledger_given" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"person_id" text NOT NULL REFERENCES "ledger_people"("id"),
	"function_type" text NOT NULL,
	"function_label" text DEFAULT '' NOT NULL,
	"date" text NOT NULL,
	"amount" integer NOT NULL,
	"mode" text DEFAULT 'cash' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "ledger_given_owner_idx" ON "ledger_given" ("owner_id", "person_id");
--> statement-breakpoint
CREATE TABLE "ledger_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"person_id" text NOT NULL REFERENCES "ledger_people"("id"),
	"function_type" text NOT NULL,
	"function_label" text DEFAULT '' NOT NULL,
	"date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "ledger_invitations_owner_idx" ON "ledger_invitations" ("owner_id", "date");
--> statement-breakpoint
CREATE TABLE "ledger_merges" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"person_id" text NOT NULL,
	"other_id" text NOT NULL,
	"moved" jsonb NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
CREATE INDEX "ledger_merges_owner_idx" ON "ledger_merges" ("owner_id");
--> statement-breakpoint
CREATE TABLE "ledger_village_aliases" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"names" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ledger_hint" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "ledger_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"event_id" text NOT NULL REFERENCES "events"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_imports_file_uq" ON "ledger_imports" ("owner_id", "file_hash");
--> statement-breakpoint
CREATE TABLE "ledger_import_rows" (
	"import_id" text NOT NULL REFERENCES "ledger_imports"("id"),
	"sheet" text NOT NULL,
	"row" integer NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"gift_id" text NOT NULL REFERENCES "gifts"("id"),
	CONSTRAINT "ledger_import_rows_pk" PRIMARY KEY ("import_id", "sheet", "row")
);
