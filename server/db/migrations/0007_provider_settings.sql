-- Issue 16 (hand-written): the provider's contact and payment settings, changed by an app admin in the
-- app (one row, id 1). Until it exists the server answers with the environment's values.
CREATE TABLE "provider_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "provider_settings_one_row" CHECK ("id" = 1)
);
