-- A trip gets its own name, first its destination (existing trips keep showing what they showed).
-- The planner still searches the destination only. Profiles choose °C or °F (null: the browser's locale).
ALTER TABLE "profiles" ADD COLUMN "temperature_unit" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "name" text;--> statement-breakpoint
UPDATE "trips" SET "name" = "destination";--> statement-breakpoint
ALTER TABLE "trips" ALTER COLUMN "name" SET NOT NULL;
