CREATE TABLE "travel_leg_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"activity_id" text NOT NULL,
	"from_lat" double precision NOT NULL,
	"from_lng" double precision NOT NULL,
	"to_lat" double precision NOT NULL,
	"to_lng" double precision NOT NULL,
	"depart_local" text NOT NULL,
	"zone" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "travel_leg_jobs" ADD CONSTRAINT "travel_leg_jobs_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "travel_leg_jobs_leg_idx" ON "travel_leg_jobs" USING btree ("trip_id","activity_id");--> statement-breakpoint
CREATE INDEX "travel_leg_jobs_due_idx" ON "travel_leg_jobs" USING btree ("claimed_until","created_at");