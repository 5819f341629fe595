-- Trips with several stops: every trip gains its cities in order (`stops`), its journeys (`transport`)
-- and its stays (`stays`). A trip written before is one stop: its destination from its first to its
-- last day, with the place it was planned for (null stays null), under a new stop id.
ALTER TABLE "trips" ADD COLUMN "stops" jsonb;--> statement-breakpoint
UPDATE "trips" SET "stops" = jsonb_build_array(jsonb_build_object(
  'id', gen_random_uuid(),
  'destination', "destination",
  'startDate', to_char("start_date", 'YYYY-MM-DD'),
  'endDate', to_char("end_date", 'YYYY-MM-DD'),
  'place', coalesce("place", 'null'::jsonb)
));--> statement-breakpoint
ALTER TABLE "trips" ALTER COLUMN "stops" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "transport" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "stays" jsonb DEFAULT '[]'::jsonb NOT NULL;
