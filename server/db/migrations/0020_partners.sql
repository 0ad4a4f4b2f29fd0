-- Issue 29 (hand-written): the provider's business. Organisations (halls and venues, the
-- partners) own events; their members are a scope, not a role: an organisation's admins (event_admin
-- accounts) administer all its events, its staff (counter_staff accounts) form the pool its events'
-- counters draw on. Plans: an event is entitled to open (and its counters to open) by a paid Smart
-- Track, its organisation's active Partner Track, an app admin's override with a reason, or the free
-- first event. Payments arrive by Razorpay webhooks, deduplicated by their event id in the same
-- transaction as the entitlement change; the provider's GST invoices take consecutive serials per
-- financial year, allocated under a row lock (domain/invariants.ts R9).
CREATE TABLE "organisations" (
	"id" text PRIMARY KEY NOT NULL,
	"name_ta" text,
	"name_en" text,
	"gstin" text,
	"address" text DEFAULT '' NOT NULL,
	"state_code" text,
	"logo_file_id" text,
	"brand_colour" text,
	"receipt_footer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_name_ck" CHECK (coalesce(name_ta, name_en) IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "org_members" (
	"org_id" text NOT NULL REFERENCES "organisations"("id"),
	"user_id" text NOT NULL REFERENCES "users"("id"),
	"role" text NOT NULL CHECK ("role" IN ('admin', 'staff')),
	CONSTRAINT "org_members_pk" PRIMARY KEY ("org_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "org_members_user_idx" ON "org_members" ("user_id");
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "org_id" text REFERENCES "organisations"("id");
--> statement-breakpoint
-- What entitles the event now (smart_track, partner_track, override, free_first) or null; kept by
-- the server whenever a fact below changes, so the event row devices pull carries it.
ALTER TABLE "events" ADD COLUMN "entitled" text;
--> statement-breakpoint
-- The last Indian date on which counters may open even if the entitlement lapses (set when the
-- event opens while entitled: its function day is never stopped).
ALTER TABLE "events" ADD COLUMN "entitled_through" text;
--> statement-breakpoint
CREATE INDEX "events_org_idx" ON "events" ("org_id");
--> statement-breakpoint
-- Per-event grants: a Smart Track payment, an override (reason, by whom), the free first event.
CREATE TABLE "event_entitlements" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL REFERENCES "events"("id"),
	"source" text NOT NULL CHECK ("source" IN ('smart_track', 'override', 'free_first')),
	"payment_id" text,
	"reason" text,
	"granted_by" text,
	"free_key" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_entitlements_event_idx" ON "event_entitlements" ("event_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "event_entitlements_payment_uq" ON "event_entitlements" ("payment_id") WHERE "payment_id" IS NOT NULL;
--> statement-breakpoint
-- One free first event per organisation (or per owner of a provider's event).
CREATE UNIQUE INDEX "event_entitlements_free_uq" ON "event_entitlements" ("free_key") WHERE "source" = 'free_first';
--> statement-breakpoint
-- A Smart Track payment link made for an event (reference_id = the event).
CREATE TABLE "payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL REFERENCES "events"("id"),
	"amount_paise" integer NOT NULL,
	"short_url" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"order_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_links_order_idx" ON "payment_links" ("order_id");
--> statement-breakpoint
-- An organisation's Partner Track subscription, in the state Razorpay last told (ordered by
-- paid_count, then the webhook's created_at: a late older event does not undo a newer one).
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL REFERENCES "organisations"("id"),
	"status" text DEFAULT 'created' NOT NULL,
	"short_url" text,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"current_end" timestamp with time zone,
	"charge_at" timestamp with time zone,
	"state_seen_at" bigint DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subscriptions_org_idx" ON "subscriptions" ("org_id");
--> statement-breakpoint
-- Payments the provider received (captured), one row per Razorpay payment id.
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"plan" text CHECK ("plan" IN ('smart_track', 'partner_track')),
	"event_id" text REFERENCES "events"("id"),
	"org_id" text REFERENCES "organisations"("id"),
	"link_id" text,
	"order_id" text,
	"subscription_id" text,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"email" text,
	"contact" text,
	"captured_at" timestamp with time zone,
	"refunded_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" ("order_id");
--> statement-breakpoint
-- Webhook deliveries applied (X-Razorpay-Event-Id): a replay is answered 200 and changes nothing.
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The next serial of each series (invoice, credit note) per financial year, locked FOR UPDATE by
-- the transaction that issues one: consecutive, no gap, no duplicate.
CREATE TABLE "invoice_serials" (
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_serials_pk" PRIMARY KEY ("series", "fy")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"series" text NOT NULL CHECK ("series" IN ('invoice', 'credit_note')),
	"fy" text NOT NULL,
	"seq" integer NOT NULL,
	"serial" text NOT NULL CHECK (length("serial") <= 16),
	"issued_at" timestamp with time zone NOT NULL,
	"payment_id" text NOT NULL,
	"original_id" text REFERENCES "invoices"("id"),
	"event_id" text,
	"org_id" text,
	"data" jsonb NOT NULL,
	CONSTRAINT "invoices_serial_uq" UNIQUE ("serial"),
	CONSTRAINT "invoices_seq_uq" UNIQUE ("series", "fy", "seq")
);
--> statement-breakpoint
-- One invoice per payment, one credit note per refund (payment_id holds the refund's id).
CREATE UNIQUE INDEX "invoices_payment_uq" ON "invoices" ("series", "payment_id");
--> statement-breakpoint
CREATE INDEX "invoices_org_idx" ON "invoices" ("org_id");
