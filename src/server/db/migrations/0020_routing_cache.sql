CREATE TABLE "routing_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_pace" (
	"service" text PRIMARY KEY NOT NULL,
	"next_at_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "travel_mode" jsonb;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "leg_modes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "routing_cache_created_at_idx" ON "routing_cache" USING btree ("created_at");