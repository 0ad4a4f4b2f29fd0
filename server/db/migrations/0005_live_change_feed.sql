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
--> statement-breakpoint
-- The change log is written here and only here: after each statement on a synced table, one
-- INSERT ... SELECT from its transition table (rows a savepoint rolls back take their log rows
-- with them). `deleted` marks rows that are gone; a pull answers a tombstone for any entry whose
-- row it cannot find (or may not show, like the PIN of a disabled account).
-- Has this transaction logged that entity already? (A statement that follows another on the same
-- entity, like an event's members after the event, need not log it twice.)
CREATE FUNCTION "moi_logged"(t text, e text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM change_log WHERE txid = pg_current_xact_id()::text::bigint AND type = t AND entity_id = e)
$$;
--> statement-breakpoint
CREATE FUNCTION "moi_log_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  del boolean := TG_OP = 'DELETE';
BEGIN
  IF TG_TABLE_NAME = 'gifts' THEN
    INSERT INTO change_log (type, entity_id, event_id, counter_id, deleted)
      SELECT 'gift', id, event_id, counter_id, del FROM changed;
  ELSIF TG_TABLE_NAME = 'gift_audit' THEN
    INSERT INTO change_log (type, entity_id, event_id, counter_id, deleted)
      SELECT 'audit', a.id, a.event_id, g.counter_id, del FROM changed a LEFT JOIN gifts g ON g.id = a.gift_id;
  ELSIF TG_TABLE_NAME = 'counters' THEN
    INSERT INTO change_log (type, entity_id, event_id, counter_id, deleted)
      SELECT 'counter', id, event_id, id, del FROM changed;
  ELSIF TG_TABLE_NAME = 'counter_staff' THEN
    -- A counter's row lists its staff; a staff member's PIN is its own entry (only where there is
    -- one, withdrawn while the account is disabled); someone newly put on a counter needs the event row too.
    IF TG_OP <> 'UPDATE' THEN
      INSERT INTO change_log (type, entity_id, event_id, counter_id)
        SELECT 'counter', c.id, c.event_id, c.id FROM counters c
        WHERE c.id IN (SELECT counter_id FROM changed) AND NOT moi_logged('counter', c.id);
    END IF;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO change_log (type, entity_id, event_id)
        SELECT DISTINCT 'event', c.event_id, c.event_id FROM counters c
        WHERE c.id IN (SELECT counter_id FROM changed) AND NOT moi_logged('event', c.event_id);
    END IF;
    INSERT INTO change_log (type, entity_id, event_id, counter_id, deleted)
      SELECT 'staffPin', s.counter_id || ':' || s.user_id, c.event_id, s.counter_id, del OR coalesce(u.disabled, false)
      FROM changed s JOIN counters c ON c.id = s.counter_id LEFT JOIN users u ON u.id = s.user_id
      WHERE s.pin_hash IS NOT NULL OR TG_OP <> 'INSERT';
  ELSIF TG_TABLE_NAME = 'events' THEN
    INSERT INTO change_log (type, entity_id, event_id, deleted)
      SELECT 'event', id, id, del FROM changed;
  ELSIF TG_TABLE_NAME = 'event_members' THEN
    INSERT INTO change_log (type, entity_id, event_id)
      SELECT DISTINCT 'event', e.id, e.id FROM events e
      WHERE e.id IN (SELECT event_id FROM changed) AND NOT moi_logged('event', e.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    -- (updates: moi_log_user_update)
    INSERT INTO change_log (type, entity_id, user_id, deleted)
      SELECT 'user', id, id, del FROM changed;
  ELSIF TG_TABLE_NAME = 'memberships' THEN
    INSERT INTO change_log (type, entity_id, user_id, deleted)
      SELECT 'membership', id, holder_id, del FROM changed;
  ELSIF TG_TABLE_NAME = 'signups' THEN
    INSERT INTO change_log (type, entity_id, user_id, deleted)
      SELECT 'signup', id, taken_by, del FROM changed;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['gifts', 'gift_audit', 'counters', 'counter_staff', 'events', 'event_members', 'memberships', 'signups'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION moi_log_changes()', t || '_log_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION moi_log_changes()', t || '_log_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION moi_log_changes()', t || '_log_del', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- users: sign-in bookkeeping and password changes are no change a device needs (the public
-- columns are); a row trigger filters them, then the same function logs the row.
CREATE TRIGGER "users_log_ins" AFTER INSERT ON "users" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_changes"();
--> statement-breakpoint
CREATE TRIGGER "users_log_del" AFTER DELETE ON "users" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_changes"();
--> statement-breakpoint
CREATE FUNCTION "moi_log_user_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A staff member's name and enabled state travel with their PIN entries.
  INSERT INTO change_log (type, entity_id, user_id) VALUES ('user', NEW.id, NEW.id);
  INSERT INTO change_log (type, entity_id, event_id, counter_id, deleted)
    SELECT 'staffPin', s.counter_id || ':' || s.user_id, c.event_id, s.counter_id, NEW.disabled
    FROM counter_staff s JOIN counters c ON c.id = s.counter_id WHERE s.user_id = NEW.id AND s.pin_hash IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_log_upd" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.user_id, OLD.username, OLD.name, OLD.mobile, OLD.role, OLD.user_type, OLD.profile_image_path, OLD.disabled, OLD.updated_at, OLD.last_updated_by)
    IS DISTINCT FROM (NEW.user_id, NEW.username, NEW.name, NEW.mobile, NEW.role, NEW.user_type, NEW.profile_image_path, NEW.disabled, NEW.updated_at, NEW.last_updated_by))
  EXECUTE FUNCTION "moi_log_user_update"();
