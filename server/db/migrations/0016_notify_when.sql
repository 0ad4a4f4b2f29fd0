-- Issue 14 (performance, hand-written). A push of gifts defers its NOTIFY (migration 0010,
-- moi.defer_notify): moi_change_notify() then returned at once, but PostgreSQL still called the
-- PL/pgSQL function after every such statement. The trigger's WHEN now skips the call; the
-- function (0010, 0011, 0013) is unchanged and every other write notifies at commit as before.
DROP TRIGGER IF EXISTS "change_log_notify" ON "change_log";
--> statement-breakpoint
CREATE TRIGGER "change_log_notify" AFTER INSERT ON "change_log" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (current_setting('moi.defer_notify', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "moi_change_notify"();
