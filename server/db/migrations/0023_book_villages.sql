-- Issue 27 item 5 (hand-written): the host's merges and renames of villages for the moi book, kept with
-- the event ([{ "from": "Madurai", "to": "மதுரை" }, …], applied in order on top of the village alias table)
-- so the book made on any device and the server's print the same villages. Set through the
-- event.bookVillages mutation (owners and admins of the event); the events trigger logs the change, so
-- devices pull it with the event.
ALTER TABLE "events" ADD COLUMN "book_villages" jsonb DEFAULT '[]'::jsonb NOT NULL;
