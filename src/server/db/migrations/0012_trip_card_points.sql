-- My Trips' card map for GET /api/trips: [lat, lng] of the first 24 located activities (the shared
-- TRIP_CARD_POINTS_MAX; trip-list.test.ts fails if they part), in plan order, kept by the database.
-- The list read them from the whole itinerary per row per request before (two jsonpath walks over a
-- detoasted document); now it reads this small column. Rows written before get it when it is added.
CREATE OR REPLACE FUNCTION trip_card_points(itinerary jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_array(p.a->'lat', p.a->'lng') ORDER BY p.n), '[]'::jsonb)
  FROM (
    SELECT a, n FROM jsonb_path_query(itinerary,
      'lax $.days[*].activities[*] ? (@.lat.type() == "number" && @.lng.type() == "number")')
      WITH ORDINALITY AS q(a, n)
    ORDER BY n LIMIT 24
  ) p
$$;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "card_points" jsonb GENERATED ALWAYS AS (trip_card_points("itinerary")) STORED NOT NULL;
