-- Every activity of every trip gains "website" (null: none known). Keys already present win
-- (`defaults || a`); days, activities and every other key keep their order and values. Runs the same
-- on PGlite and PostgreSQL 13+.
UPDATE "trips" SET "itinerary" = jsonb_set("itinerary", '{days}', (
  SELECT coalesce(jsonb_agg(
    CASE WHEN jsonb_typeof(d->'activities') = 'array' THEN jsonb_set(d, '{activities}', (
      SELECT coalesce(jsonb_agg(
        jsonb_build_object('website', null) || a ORDER BY ai), '[]'::jsonb)
      FROM jsonb_array_elements(d->'activities') WITH ORDINALITY AS acts(a, ai)
    )) ELSE d END ORDER BY di), '[]'::jsonb)
  FROM jsonb_array_elements("itinerary"->'days') WITH ORDINALITY AS ds(d, di)
))
WHERE jsonb_typeof("itinerary"->'days') = 'array';
