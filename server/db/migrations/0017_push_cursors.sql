-- Issue 26 (hand-written): one push path, Replicache's per-device last applied sequence.
-- push_cursors holds, per device, the highest outbox seq the server has answered (applied or
-- rejected); a push locks its device's row FOR UPDATE, so two pushes of one device run one after
-- the other, and a mutation whose seq is not above it answers `duplicate` (or, when it was
-- rejected, the same rejection again: push_rejections). applied_mutations, a row per mutation
-- ever applied with its pruning, goes; its rows become the cursors and the stored rejections, so
-- outboxes queued before the upgrade still answer `duplicate`.
CREATE TABLE "push_cursors" (
	"device_id" text PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_push_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_rejections" (
	"mutation_id" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"message" text,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_rejections_device_idx" ON "push_rejections" USING btree ("device_id","at");
--> statement-breakpoint
INSERT INTO "push_cursors" ("device_id", "last_seq", "last_push_at")
  SELECT device_id, max(seq), max(at) FROM applied_mutations WHERE device_id <> '' AND seq >= 0 GROUP BY device_id;
--> statement-breakpoint
INSERT INTO "push_rejections" ("mutation_id", "device_id", "seq", "name", "code", "user_id", "at")
  SELECT id, device_id, seq, name, coalesce(code, 'rejected'), user_id, at FROM applied_mutations WHERE status = 'rejected';
--> statement-breakpoint
DROP TABLE "applied_mutations";
