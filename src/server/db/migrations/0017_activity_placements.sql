CREATE TABLE "activity_placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"activity_id" text NOT NULL,
	"location" text NOT NULL,
	"near" jsonb NOT NULL,
	"guess_lat" double precision,
	"guess_lng" double precision,
	"owner_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_placements" ADD CONSTRAINT "activity_placements_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_placements" ADD CONSTRAINT "activity_placements_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_placements_trip_idx" ON "activity_placements" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "activity_placements_due_idx" ON "activity_placements" USING btree ("claimed_until","created_at");--> statement-breakpoint
CREATE INDEX "activity_placements_owner_idx" ON "activity_placements" USING btree ("owner_id");