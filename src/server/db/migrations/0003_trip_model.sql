ALTER TABLE "trips" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "place" jsonb;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "grounding" jsonb DEFAULT '{"status":"off","verified":0,"total":0,"reason":null}'::jsonb NOT NULL;--> statement-breakpoint
-- Every activity of a trip saved before this migration gets a stable id and empty place fields.
-- Keys already present win (`defaults || a`), days and activities keep their order, and any other
-- key of the itinerary or of a day is kept. Runs the same on PGlite and PostgreSQL 13+.
UPDATE "trips" SET "itinerary" = jsonb_set("itinerary", '{days}', (
  SELECT coalesce(jsonb_agg(
    CASE WHEN jsonb_typeof(d->'activities') = 'array' THEN jsonb_set(d, '{activities}', (
      SELECT coalesce(jsonb_agg(
        jsonb_build_object(
          'id', gen_random_uuid()::text, 'lat', null, 'lng', null, 'why', null,
          'osmId', null, 'openingHours', null
        ) || a ORDER BY ai), '[]'::jsonb)
      FROM jsonb_array_elements(d->'activities') WITH ORDINALITY AS acts(a, ai)
    )) ELSE d END ORDER BY di), '[]'::jsonb)
  FROM jsonb_array_elements("itinerary"->'days') WITH ORDINALITY AS ds(d, di)
))
WHERE jsonb_typeof("itinerary"->'days') = 'array';
