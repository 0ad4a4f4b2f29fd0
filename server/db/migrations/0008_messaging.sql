-- Issue 15 (hand-written): receipt verification tokens, the giver's consent to a receipt message,
-- and the durable messaging outbox with its templates, opt-outs and each event's host numbers.
ALTER TABLE "gifts" ADD COLUMN "receipt_token" text;
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "message_consent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_receipt_token_uq" ON "gifts" ("receipt_token");
--> statement-breakpoint
CREATE TABLE "message_templates" (
  "key" text NOT NULL,
  "lang" text NOT NULL,
  "body" text NOT NULL,
  "variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "dlt_template_id" text DEFAULT '' NOT NULL,
  "wa_template_name" text DEFAULT '' NOT NULL,
  "wa_language" text DEFAULT '' NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" text,
  CONSTRAINT "message_templates_pk" PRIMARY KEY ("key", "lang")
);
--> statement-breakpoint
CREATE TABLE "message_outbox" (
  "id" text PRIMARY KEY NOT NULL,
  "idempotency_key" text NOT NULL,
  "event_id" text,
  "gift_id" text,
  "kind" text NOT NULL,
  "channel" text NOT NULL,
  "recipient" text NOT NULL,
  "template_key" text NOT NULL,
  "lang" text NOT NULL,
  "vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "state" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "lease_until" timestamp with time zone,
  "claimed_by" text,
  "provider" text,
  "provider_message_id" text,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone,
  "delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_key_uq" ON "message_outbox" ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" ("state", "next_attempt_at");
--> statement-breakpoint
CREATE INDEX "message_outbox_provider_id_idx" ON "message_outbox" ("provider_message_id");
--> statement-breakpoint
CREATE INDEX "message_outbox_recipient_idx" ON "message_outbox" ("recipient", "sent_at");
--> statement-breakpoint
CREATE INDEX "message_outbox_event_idx" ON "message_outbox" ("event_id", "sent_at");
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
  "recipient" text PRIMARY KEY NOT NULL,
  "source" text NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_host_messaging" (
  "event_id" text PRIMARY KEY NOT NULL REFERENCES "events"("id"),
  "mobiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "channel" text DEFAULT 'whatsapp' NOT NULL,
  "lang" text DEFAULT 'ta' NOT NULL,
  "rhythm" text DEFAULT 'end' NOT NULL,
  "every_gifts" integer,
  "every_minutes" integer,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" text
);
