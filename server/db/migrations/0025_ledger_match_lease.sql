-- Issue 30 (hand-written): one matcher at a time per host across server instances. Each instance
-- has its own ledger matcher (server/domain/ledger-matcher.ts); over one PostgreSQL two of them could
-- place the same new gifts at once, and the one whose links lost (on conflict do nothing) would
-- leave people with no gift. A run first takes the host's lease in this row (lease_holder, until
-- lease_until), renews it between its steps and gives it back at the end; an instance that finds the
-- lease held by another tries again shortly. An instance that stopped mid-run loses it when it expires.
ALTER TABLE "ledger_match_state" ADD COLUMN "lease_holder" text;
--> statement-breakpoint
ALTER TABLE "ledger_match_state" ADD COLUMN "lease_until" timestamp with time zone;
