-- Issue 12 (hand-written): the ledger reaches devices through the change feed. One change type,
-- `ledgerPerson` (entity: a person of a host's ledger, user_id: the host who owns it), carries the
-- counter hint's line for that person; it is logged whenever the person, a gift link, a moi given
-- to them, or a linked gift changes. The pull (server/domain/sync-pull.ts) sends a host their own
-- people, and the hint audience of an event (its staff, admins) only the people of its owners
-- while the event's hint is on. moi_change_notify names the owners (`lo`) so live streams nudge.
CREATE INDEX "change_log_user_txid_idx" ON "change_log" ("user_id", "txid");
--> statement-breakpoint
CREATE INDEX "ledger_given_person_idx" ON "ledger_given" ("person_id");
--> statement-breakpoint
CREATE INDEX "ledger_links_gift_idx" ON "ledger_links" ("gift_id");
--> statement-breakpoint
CREATE FUNCTION "moi_log_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No moi_logged() de-duplication here: a ledger refresh writes thousands of links in one
  -- statement, and the pull keeps only the latest entry per entity anyway.
  IF TG_TABLE_NAME = 'ledger_people' THEN
    INSERT INTO change_log (type, entity_id, user_id, deleted)
      SELECT 'ledgerPerson', id, owner_id, TG_OP = 'DELETE' FROM changed;
  ELSIF TG_TABLE_NAME IN ('ledger_links', 'ledger_given') THEN
    INSERT INTO change_log (type, entity_id, user_id)
      SELECT DISTINCT 'ledgerPerson', person_id, owner_id FROM changed;
  ELSIF TG_TABLE_NAME = 'gifts' THEN
    -- A linked gift corrected or deleted changes that person's line.
    INSERT INTO change_log (type, entity_id, user_id)
      SELECT DISTINCT 'ledgerPerson', l.person_id, l.owner_id FROM changed c JOIN ledger_links l ON l.gift_id = c.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_people_ledger_ins" AFTER INSERT ON "ledger_people" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_people_ledger_upd" AFTER UPDATE ON "ledger_people" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_people_ledger_del" AFTER DELETE ON "ledger_people" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_links_ledger_ins" AFTER INSERT ON "ledger_links" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
-- A link or a moi given that moves to another person changes both people: the old rows and the new.
CREATE TRIGGER "ledger_links_ledger_upd" AFTER UPDATE ON "ledger_links" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_links_ledger_upd_old" AFTER UPDATE ON "ledger_links" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_links_ledger_del" AFTER DELETE ON "ledger_links" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_given_ledger_ins" AFTER INSERT ON "ledger_given" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_given_ledger_upd" AFTER UPDATE ON "ledger_given" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_given_ledger_upd_old" AFTER UPDATE ON "ledger_given" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_given_ledger_del" AFTER DELETE ON "ledger_given" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
CREATE TRIGGER "gifts_ledger_upd" AFTER UPDATE ON "gifts" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "moi_log_ledger"();
--> statement-breakpoint
-- Rows that exist already: every live person is logged once, so devices receive them.
INSERT INTO change_log (type, entity_id, user_id) SELECT 'ledgerPerson', id, owner_id FROM ledger_people WHERE merged_into IS NULL;
--> statement-breakpoint
-- 0011's function (deferred NOTIFY of 0010, custody types) with the ledger's hosts (`lo`) added.
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
    'lo', (SELECT coalesce(json_agg(DISTINCT user_id), '[]') FROM new_rows WHERE type = 'ledgerPerson' AND user_id IS NOT NULL),
    's', EXISTS (SELECT 1 FROM new_rows WHERE type IN ('counter', 'event', 'user', 'staffPin', 'membership', 'nominee'))
  )::text INTO payload;
  IF octet_length(payload) > 7000 THEN
    payload := json_build_object('t', tx, 'all', true, 's', true)::text;
  END IF;
  PERFORM pg_notify('moi_changes', payload);
  RETURN NULL;
END
$$;
