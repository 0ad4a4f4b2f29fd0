-- Issue 30 (hand-written): each ledger person's totals, stored, so reading a host's ledger is a
-- select and not a sum over every link (30,000 people: 2–4 s). ledger_totals holds, per person,
-- what the person's links and moi given add up to, exactly as server/domain/ledger-read.ts summed
-- them before: money received at the host's functions (cash, UPI, cheque — contract/money.ts; an
-- item is counted but adds no money), how many gifts, the newest one; moi the host gave, how many,
-- the newest one. Each person has a row (made with the person); `owner_id` and `live` (not merged
-- away) are copied from the person, so a page of the ledger, largest moi first, is an index scan.
--
-- The totals are written by triggers in the SAME transaction as every write that changes them: a
-- link added, moved or removed; a moi given saved, moved or deleted; a linked gift corrected or
-- deleted; an event's date or function changed; an event's owners changed; a person merged away
-- or back. The trigger locks the
-- people whose totals it recomputes (FOR NO KEY UPDATE, in id order) and then sums in a new
-- statement, so under READ COMMITTED a second writer of the same person waits for the first to
-- commit and sums what it wrote. Invariant R11 (server/domain/invariants.ts): the stored totals
-- equal the sums; ledgerTotalsDrift() finds any person where they do not.
CREATE TABLE "ledger_totals" (
	"person_id" text PRIMARY KEY NOT NULL REFERENCES "ledger_people"("id") ON DELETE CASCADE,
	"owner_id" text NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"received_count" integer DEFAULT 0 NOT NULL,
	"last_received" jsonb,
	"given" integer DEFAULT 0 NOT NULL,
	"given_count" integer DEFAULT 0 NOT NULL,
	"last_given" jsonb
);
--> statement-breakpoint
-- A page of a host's ledger: largest moi (received and given together) first.
CREATE INDEX "ledger_totals_page_idx" ON "ledger_totals" ("owner_id", ("received" + "given") DESC, "person_id") WHERE "live";
--> statement-breakpoint
-- A host's gifts counted by their people (server/domain/ledger-matcher.ts needsMatching).
CREATE INDEX "ledger_totals_owner_idx" ON "ledger_totals" ("owner_id");
--> statement-breakpoint
-- The sums of some people, as the ledger read computed them (also used by the invariant check).
CREATE FUNCTION "moi_ledger_sums"(ids text[]) RETURNS TABLE (
	person_id text, owner_id text, live boolean, received integer, received_count integer, last_received jsonb, given integer, given_count integer, last_given jsonb
) LANGUAGE sql STABLE AS $$
  SELECT p.id, p.owner_id, p.merged_into IS NULL, coalesce(r.received, 0), coalesce(r.cnt, 0), r.last, coalesce(v.given, 0), coalesce(v.cnt, 0), v.last
  FROM ledger_people p
  LEFT JOIN LATERAL (
    SELECT sum(CASE WHEN g.mode IN ('cash', 'upi', 'cheque') THEN g.amount ELSE 0 END)::int AS received, count(*)::int AS cnt,
      (array_agg(jsonb_build_object('amount', g.amount, 'functionType', e.function_type, 'date', e.date) ORDER BY e.date DESC, g.entered_at DESC))[1] AS last
    FROM ledger_links l
    JOIN gifts g ON g.id = l.gift_id AND g.deleted_at IS NULL
    JOIN events e ON e.id = g.event_id
    JOIN event_members m ON m.event_id = g.event_id AND m.user_id = l.owner_id AND m.role = 'owner'
    WHERE l.person_id = p.id AND l.owner_id = p.owner_id
  ) r ON true
  LEFT JOIN LATERAL (
    SELECT sum(amount)::int AS given, count(*)::int AS cnt,
      (array_agg(jsonb_build_object('amount', amount, 'functionType', function_type, 'date', date) ORDER BY date DESC, created_at DESC))[1] AS last
    FROM ledger_given WHERE person_id = p.id AND owner_id = p.owner_id AND deleted_at IS NULL
  ) v ON true
  WHERE p.id = ANY(ids)
$$;
--> statement-breakpoint
-- Recompute and store the totals of some people (locked first; summed in the next statement).
CREATE FUNCTION "moi_ledger_totals_refresh"(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM ledger_people WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO ledger_totals (person_id, owner_id, live, received, received_count, last_received, given, given_count, last_given)
    SELECT * FROM moi_ledger_sums(ids)
  ON CONFLICT (person_id) DO UPDATE SET
    owner_id = excluded.owner_id, live = excluded.live, received = excluded.received, received_count = excluded.received_count, last_received = excluded.last_received,
    given = excluded.given, given_count = excluded.given_count, last_given = excluded.last_given
  WHERE (ledger_totals.owner_id, ledger_totals.live, ledger_totals.received, ledger_totals.received_count, ledger_totals.last_received, ledger_totals.given, ledger_totals.given_count, ledger_totals.last_given)
    IS DISTINCT FROM (excluded.owner_id, excluded.live, excluded.received, excluded.received_count, excluded.last_received, excluded.given, excluded.given_count, excluded.last_given);
END
$$;
--> statement-breakpoint
-- One trigger function; which people a write touches, per table and operation.
CREATE FUNCTION "moi_ledger_totals_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_TABLE_NAME = 'ledger_people' THEN
    IF TG_OP = 'INSERT' THEN
      -- A new person has nothing yet: a row of zeros (their links and moi given come in later statements).
      INSERT INTO ledger_totals (person_id, owner_id, live) SELECT id, owner_id, merged_into IS NULL FROM new_rows ON CONFLICT (person_id) DO NOTHING;
      RETURN NULL;
    END IF;
    -- Merged away or back.
    SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.merged_into IS NULL) IS DISTINCT FROM (o.merged_into IS NULL) OR n.owner_id IS DISTINCT FROM o.owner_id;
  ELSIF TG_TABLE_NAME IN ('ledger_links', 'ledger_given') THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT person_id) INTO ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT person_id) INTO ids FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT x) INTO ids FROM (SELECT person_id AS x FROM new_rows UNION SELECT person_id FROM old_rows) y;
    END IF;
  ELSIF TG_TABLE_NAME = 'gifts' THEN
    -- A linked gift whose amount, mode, event, time or deletion changed.
    SELECT array_agg(DISTINCT l.person_id) INTO ids
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN ledger_links l ON l.gift_id = n.id
      WHERE (n.amount, n.mode, n.event_id, n.entered_at, n.deleted_at) IS DISTINCT FROM (o.amount, o.mode, o.event_id, o.entered_at, o.deleted_at);
  ELSIF TG_TABLE_NAME = 'events' THEN
    SELECT array_agg(DISTINCT l.person_id) INTO ids
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN gifts g ON g.event_id = n.id
      JOIN ledger_links l ON l.gift_id = g.id
      WHERE (n.date, n.function_type) IS DISTINCT FROM (o.date, o.function_type);
  ELSIF TG_TABLE_NAME = 'event_members' THEN
    -- An event's owners changed: the people of those owners' ledgers with gifts of the event.
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT l.person_id) INTO ids
        FROM new_rows c JOIN gifts g ON g.event_id = c.event_id JOIN ledger_links l ON l.gift_id = g.id AND l.owner_id = c.user_id;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT l.person_id) INTO ids
        FROM old_rows c JOIN gifts g ON g.event_id = c.event_id JOIN ledger_links l ON l.gift_id = g.id AND l.owner_id = c.user_id;
    ELSE
      SELECT array_agg(DISTINCT l.person_id) INTO ids
        FROM (SELECT event_id, user_id FROM new_rows UNION SELECT event_id, user_id FROM old_rows) c
        JOIN gifts g ON g.event_id = c.event_id JOIN ledger_links l ON l.gift_id = g.id AND l.owner_id = c.user_id;
    END IF;
  END IF;
  PERFORM moi_ledger_totals_refresh(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_people_totals_ins" AFTER INSERT ON "ledger_people" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_people_totals_upd" AFTER UPDATE ON "ledger_people" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_links_totals_ins" AFTER INSERT ON "ledger_links" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_links_totals_upd" AFTER UPDATE ON "ledger_links" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_links_totals_del" AFTER DELETE ON "ledger_links" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_given_totals_ins" AFTER INSERT ON "ledger_given" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_given_totals_upd" AFTER UPDATE ON "ledger_given" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_given_totals_del" AFTER DELETE ON "ledger_given" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "gifts_ledger_totals_upd" AFTER UPDATE ON "gifts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "events_ledger_totals_upd" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "event_members_ledger_totals_ins" AFTER INSERT ON "event_members" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "event_members_ledger_totals_upd" AFTER UPDATE ON "event_members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
CREATE TRIGGER "event_members_ledger_totals_del" AFTER DELETE ON "event_members" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "moi_ledger_totals_trigger"();
--> statement-breakpoint
-- The people there are now.
SELECT moi_ledger_totals_refresh(array_agg(id)) FROM ledger_people;
