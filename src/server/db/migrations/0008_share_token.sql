-- A public trip's link gets its own secret token instead of the trip id. Trips already public keep the
-- link they were shared with (their id, as text) until they are unshared; private trips have none.
ALTER TABLE "trips" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_share_token_unique" UNIQUE("share_token");--> statement-breakpoint
UPDATE "trips" SET "share_token" = "id"::text WHERE "is_public";
