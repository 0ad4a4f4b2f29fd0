-- Issue 18 (counter): village shortcuts per event (abbreviation → village, synced with the event
-- row through its existing moi_log_changes trigger) and guest display pairings (a second screen
-- facing the giver, paired by a short code shown on the counter; server-only, never pulled).
ALTER TABLE "events" ADD COLUMN "village_shortcuts" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE "guest_displays" (
  "id" text PRIMARY KEY NOT NULL,
  "event_id" text NOT NULL REFERENCES "events"("id"),
  "counter_id" text NOT NULL REFERENCES "counters"("id"),
  "code" text NOT NULL,
  "session_hash" text NOT NULL,
  "created_by" text NOT NULL REFERENCES "users"("id"),
  "guest_token_hash" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "code_expires_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "paired_at" timestamp with time zone,
  "revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "guest_displays_open_code_idx" ON "guest_displays" ("code") WHERE "guest_token_hash" IS NULL AND "revoked_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "guest_displays_token_idx" ON "guest_displays" ("guest_token_hash");
--> statement-breakpoint
CREATE INDEX "guest_displays_counter_idx" ON "guest_displays" ("counter_id");
