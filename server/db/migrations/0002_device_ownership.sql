-- A device id belongs to the user who registered it: only the sha-256 of the secret issued to that
-- installation at its first registration is kept. NULL for devices registered before this change
-- (their registrant gets a secret at the next sign-in).
ALTER TABLE "devices" ADD COLUMN "secret_hash" text;
--> statement-breakpoint
-- High-water marks of a device whose local database was lost: its last outbox seq, and the highest
-- receipt sequence issued under its code (the middle part of "<counter>-<device>-<seq>").
CREATE INDEX "applied_mutations_device_idx" ON "applied_mutations" USING btree ("device_id","seq");
--> statement-breakpoint
CREATE INDEX "gifts_receipt_device_idx" ON "gifts" USING btree (split_part("receipt_no", '-', 2));
