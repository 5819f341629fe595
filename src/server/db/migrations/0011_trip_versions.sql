-- Every saved version of a trip (the last 100 kept), for history, restore and merging a stale change.
-- Trips saved before this migration get their current version, so a change based on it can merge.
CREATE TABLE "trip_versions" (
	"trip_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" text,
	"summary" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "trip_versions_trip_id_version_pk" PRIMARY KEY("trip_id","version")
);
--> statement-breakpoint
ALTER TABLE "trip_versions" ADD CONSTRAINT "trip_versions_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_versions" ADD CONSTRAINT "trip_versions_by_user_id_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "trip_versions" ("trip_id", "version", "at", "by_user_id", "summary", "snapshot")
SELECT "id", "version", now(), "user_id", 'Saved before history was kept',
  jsonb_build_object('name', "name", 'destination', "destination",
    'startDate', to_char("start_date", 'YYYY-MM-DD'), 'endDate', to_char("end_date", 'YYYY-MM-DD'),
    'budget', "budget"::float8, 'travelStyle', "travel_style", 'interests', to_jsonb("interests"),
    'itinerary', "itinerary", 'place', "place", 'grounding', "grounding")
FROM "trips";
