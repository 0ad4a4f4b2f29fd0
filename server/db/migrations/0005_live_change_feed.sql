-- Issue 14 (hand-written): the change feed without a global lock, and its live notifications.
-- Each change_log row records the transaction that wrote it; a pull only returns rows of
-- transactions older than the oldest one still running (pg_snapshot_xmin), ordered by (txid, id),
-- so a cursor never passes a change that commits later. Rows written before this migration keep
-- txid 0 and their id order (the old cursors, which were ids, still page through them).
ALTER TABLE "change_log" ADD COLUMN "txid" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "change_log" ALTER COLUMN "txid" SET DEFAULT (pg_current_xact_id()::text::bigint);
--> statement-breakpoint
CREATE INDEX "change_log_txid_idx" ON "change_log" ("txid", "id");
--> statement-breakpoint
CREATE INDEX "change_log_event_txid_idx" ON "change_log" ("event_id", "txid");
--> statement-breakpoint
CREATE INDEX "change_log_counter_txid_idx" ON "change_log" ("counter_id", "txid");
--> statement-breakpoint
-- After every insert into the change log, one NOTIFY on channel moi_changes (sent at commit, to
-- every instance's listener) naming the transaction and the scope ids its rows touch, by the same
-- clauses a pull filters on (server/domain/sync-pull.ts pullScope): ge/gc event and counter ids of
-- gift/audit/counter rows, pe/pc of staff PINs, ev of events, uu/ue user rows' user_id/entity_id,
-- mu of memberships and signups. Too many ids for one payload: {"all":true}.
CREATE FUNCTION "moi_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
  tx bigint := pg_current_xact_id()::text::bigint;
BEGIN
  SELECT json_build_object(
    't', tx,
    'ge', (SELECT coalesce(json_agg(DISTINCT event_id), '[]') FROM new_rows WHERE type IN ('gift', 'audit', 'counter') AND event_id IS NOT NULL),
    'gc', (SELECT coalesce(json_agg(DISTINCT c), '[]') FROM (
      SELECT counter_id AS c FROM new_rows WHERE type IN ('gift', 'audit', 'counter') AND counter_id IS NOT NULL
      UNION SELECT entity_id FROM new_rows WHERE type = 'counter') x),
    'pe', (SELECT coalesce(json_agg(DISTINCT event_id), '[]') FROM new_rows WHERE type = 'staffPin' AND event_id IS NOT NULL),
    'pc', (SELECT coalesce(json_agg(DISTINCT counter_id), '[]') FROM new_rows WHERE type = 'staffPin' AND counter_id IS NOT NULL),
    'ev', (SELECT coalesce(json_agg(DISTINCT e), '[]') FROM (
      SELECT event_id AS e FROM new_rows WHERE type = 'event' AND event_id IS NOT NULL
      UNION SELECT entity_id FROM new_rows WHERE type = 'event') x),
    'uu', (SELECT coalesce(json_agg(DISTINCT user_id), '[]') FROM new_rows WHERE type = 'user' AND user_id IS NOT NULL),
    'ue', (SELECT coalesce(json_agg(DISTINCT entity_id), '[]') FROM new_rows WHERE type = 'user'),
    'mu', (SELECT coalesce(json_agg(DISTINCT user_id), '[]') FROM new_rows WHERE type IN ('membership', 'signup') AND user_id IS NOT NULL),
    's', EXISTS (SELECT 1 FROM new_rows WHERE type IN ('counter', 'event', 'user', 'staffPin', 'membership'))
  )::text INTO payload;
  IF octet_length(payload) > 7000 THEN
    payload := json_build_object('t', tx, 'all', true, 's', true)::text;
  END IF;
  PERFORM pg_notify('moi_changes', payload);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "change_log_notify" AFTER INSERT ON "change_log" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "moi_change_notify"();
