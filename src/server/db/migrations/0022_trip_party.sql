ALTER TABLE "profiles" ADD COLUMN "home_city" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "party" jsonb;