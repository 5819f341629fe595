-- Search text for GET /api/trips: the destination and every activity's activity, location and
-- description, lower-cased, one per line. Lax jsonpath never raises on an unexpected shape.
-- Plain SQL (no pg_trgm), so the same migration runs on PGlite and on any PostgreSQL 12+.
CREATE OR REPLACE FUNCTION trip_search_text(destination text, itinerary jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(destination || coalesce(E'\n' || (
    SELECT string_agg(concat_ws(E'\n', a->>'activity', a->>'location', a->>'description'), E'\n')
    FROM jsonb_path_query(itinerary, 'lax $.days[*].activities[*]') AS a
  ), ''))
$$;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "search_text" text GENERATED ALWAYS AS (trip_search_text("destination", "itinerary")) STORED NOT NULL;
