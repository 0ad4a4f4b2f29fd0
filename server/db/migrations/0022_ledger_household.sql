-- Issue 30 item 3 (hand-written): a host shares their moi ledger with family members. A member is a
-- user (member_id, once they joined) with a role: view (read the ledger, the due list) or edit (also
-- record moi given and invitations into it). The host invites by mobile (a user with that mobile sees
-- the invitation) or by a link (its token, stored hashed). A removed member keeps their row
-- (removed_at) and loses access at once: the policy scope reads only rows not removed.
CREATE TABLE "ledger_members" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL REFERENCES "users"("id"),
	"member_id" text REFERENCES "users"("id"),
	"mobile" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"token_hash" text,
	"role" text NOT NULL CHECK ("role" in ('view', 'edit')),
	"reminders" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_members_one_idx" ON "ledger_members" ("owner_id", "member_id") WHERE "removed_at" IS NULL AND "member_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ledger_members_member_idx" ON "ledger_members" ("member_id") WHERE "removed_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_members_token_idx" ON "ledger_members" ("token_hash") WHERE "token_hash" IS NOT NULL;
