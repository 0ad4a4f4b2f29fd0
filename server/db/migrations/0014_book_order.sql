-- Issue 11 (hand-written): the host's order for the moi book, stored on the event so every device and
-- the server-made book print the same order. Set through the event.bookOrder mutation (owners and
-- admins of the event); the events trigger of 0005 logs the change, so devices pull it.
ALTER TABLE "events" ADD COLUMN "book_village_order" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "book_first_gift_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;
