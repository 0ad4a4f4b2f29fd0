-- The record's rules (issue 13): who keyed a gift and who pushed it, the device's own time and its
-- measured clock offset, why a gift needs review, and who reviewed it. Hand-written (no snapshot),
-- so other branches can add their own migrations beside it.
ALTER TABLE "gifts" ADD COLUMN "pin_author_id" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "pushed_by" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "device_entered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "clock_offset_ms" bigint;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "gift_audit" ADD COLUMN "pin_author_id" text;
