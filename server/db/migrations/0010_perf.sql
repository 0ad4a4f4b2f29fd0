-- Issue 14 (performance, hand-written). A NOTIFY makes PostgreSQL serialize commits: the notifying
-- transaction takes a database-wide lock at commit and holds it through its WAL flush, so every
-- single-gift push queued behind every other one. A transaction that sets moi.defer_notify = 'on'
-- (the push of gift.create batches, server/domain/sync-push.ts) sends none from the change-log
-- trigger; its server announces the commit afterwards, coalesced with the others of that process
-- into one NOTIFY every few milliseconds (server/live.ts LiveHub.announce). Every other write
-- notifies at commit as before.
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
-- Pulls filter the change log by event and transaction (change_log_event_txid_idx, migration
-- 0005); the older (event_id, id) index serves no query now and costs every logged row a write.
DROP INDEX IF EXISTS "change_log_event_idx";
