-- Issue 18 (hand-written): the cash custody chain. A counter's opening float; the host's nominees
-- (name, mobile, PIN hash set by the event admin); handovers of cash and the UPI/cheque/item summary
-- from a closed counter (or the event admin) to a nominee, another counter or the event admin; and
-- the one-time codes sent to a nominee's mobile to confirm a handover.
ALTER TABLE "counters" ADD COLUMN "opening_float" jsonb;
--> statement-breakpoint
CREATE TABLE "event_nominees" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL REFERENCES "events"("id"),
	"name" text NOT NULL,
	"mobile" text,
	"pin_salt" text NOT NULL,
	"pin_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_nominees_event_idx" ON "event_nominees" ("event_id");
--> statement-breakpoint
CREATE TABLE "custody_handovers" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL REFERENCES "events"("id"),
	"from_kind" text NOT NULL,
	"from_counter_id" text REFERENCES "counters"("id"),
	"to_kind" text NOT NULL,
	"to_counter_id" text REFERENCES "counters"("id"),
	"to_nominee_id" text REFERENCES "event_nominees"("id"),
	"to_user_id" text,
	"to_name" text NOT NULL DEFAULT '',
	"cash" integer NOT NULL,
	"counts" jsonb,
	"summary" jsonb NOT NULL,
	"method" text NOT NULL,
	"verified" boolean NOT NULL DEFAULT false,
	"device_verified" boolean NOT NULL DEFAULT false,
	"flags" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"handed_by" text NOT NULL,
	"handed_by_name" text NOT NULL DEFAULT '',
	"pin_author_id" text,
	"handed_at" timestamp with time zone NOT NULL,
	"device_handed_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_id" text
);
--> statement-breakpoint
CREATE INDEX "custody_handovers_event_idx" ON "custody_handovers" ("event_id", "handed_at");
--> statement-breakpoint
CREATE INDEX "custody_handovers_from_idx" ON "custody_handovers" ("from_counter_id");
--> statement-breakpoint
CREATE TABLE "custody_otps" (
	"handover_id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"nominee_id" text NOT NULL,
	"code_salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sends" integer NOT NULL DEFAULT 1,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The change log of the two synced tables: nominees by event; a handover under its event and the
-- counter it left (and, when it went to another counter, that counter too: both counters' staff see it).
CREATE FUNCTION "moi_log_custody"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  del boolean := TG_OP = 'DELETE';
BEGIN
  IF TG_TABLE_NAME = 'event_nominees' THEN
    INSERT INTO change_log (type, entity_id, event_id, deleted)
      SELECT 'nominee', id, event_id, del FROM changed;
  ELSIF TG_TABLE_NAME = 'custody_handovers' THEN
    INSERT INTO change_log (type, entity_id, event_id, counter_id, deleted)
      SELECT 'handover', id, event_id, from_counter_id, del FROM changed;
    INSERT INTO change_log (type, entity_id, event_id, counter_id, deleted)
      SELECT 'handover', id, event_id, to_counter_id, del FROM changed WHERE to_counter_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['event_nominees', 'custody_handovers'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION moi_log_custody()', t || '_log_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION moi_log_custody()', t || '_log_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION moi_log_custody()', t || '_log_del', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The live stream names the scope ids of the new types too: handovers by event (ge) and counter (gc),
-- nominees by event (ev: everyone who sees the event, staff included), as sync-pull.ts pullScope filters them.
-- A push that defers its NOTIFY (moi.defer_notify, migration 0010) still sends none from here.
CREATE OR REPLACE FUNCTION "moi_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
  tx bigint;
BEGIN
  IF current_setting('moi.defer_notify', true) = 'on' THEN
    RETURN NULL;
  END IF;
  tx := pg_current_xact_id()::text::bigint;
  SELECT json_build_object(
    't', tx,
    'ge', (SELECT coalesce(json_agg(DISTINCT event_id), '[]') FROM new_rows WHERE type IN ('gift', 'audit', 'counter', 'nominee', 'handover') AND event_id IS NOT NULL),
    'gc', (SELECT coalesce(json_agg(DISTINCT c), '[]') FROM (
      SELECT counter_id AS c FROM new_rows WHERE type IN ('gift', 'audit', 'counter', 'handover') AND counter_id IS NOT NULL
      UNION SELECT entity_id FROM new_rows WHERE type = 'counter') x),
    'pe', (SELECT coalesce(json_agg(DISTINCT event_id), '[]') FROM new_rows WHERE type = 'staffPin' AND event_id IS NOT NULL),
    'pc', (SELECT coalesce(json_agg(DISTINCT counter_id), '[]') FROM new_rows WHERE type = 'staffPin' AND counter_id IS NOT NULL),
    'ev', (SELECT coalesce(json_agg(DISTINCT e), '[]') FROM (
      SELECT event_id AS e FROM new_rows WHERE type IN ('event', 'nominee') AND event_id IS NOT NULL
      UNION SELECT entity_id FROM new_rows WHERE type = 'event') x),
    'uu', (SELECT coalesce(json_agg(DISTINCT user_id), '[]') FROM new_rows WHERE type = 'user' AND user_id IS NOT NULL),
    'ue', (SELECT coalesce(json_agg(DISTINCT entity_id), '[]') FROM new_rows WHERE type = 'user'),
    'mu', (SELECT coalesce(json_agg(DISTINCT user_id), '[]') FROM new_rows WHERE type IN ('membership', 'signup') AND user_id IS NOT NULL),
    's', EXISTS (SELECT 1 FROM new_rows WHERE type IN ('counter', 'event', 'user', 'staffPin', 'membership', 'nominee'))
  )::text INTO payload;
  IF octet_length(payload) > 7000 THEN
    payload := json_build_object('t', tx, 'all', true, 's', true)::text;
  END IF;
  PERFORM pg_notify('moi_changes', payload);
  RETURN NULL;
END
$$;
