CREATE TABLE "trip_idea_votes" (
	"idea_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_idea_votes_idea_id_user_id_pk" PRIMARY KEY("idea_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trip_ideas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"url" text,
	"place" jsonb,
	"added_by" text,
	"status" text DEFAULT 'idea' NOT NULL,
	"planned_activity_id" text,
	"planned_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_poll_votes" (
	"poll_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"option_ids" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_poll_votes_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trip_polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"closes_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_idea_votes" ADD CONSTRAINT "trip_idea_votes_idea_id_trip_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."trip_ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_idea_votes" ADD CONSTRAINT "trip_idea_votes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_ideas" ADD CONSTRAINT "trip_ideas_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_ideas" ADD CONSTRAINT "trip_ideas_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_poll_votes" ADD CONSTRAINT "trip_poll_votes_poll_id_trip_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."trip_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_poll_votes" ADD CONSTRAINT "trip_poll_votes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_polls" ADD CONSTRAINT "trip_polls_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_polls" ADD CONSTRAINT "trip_polls_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_idea_votes_user_idx" ON "trip_idea_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trip_ideas_trip_idx" ON "trip_ideas" USING btree ("trip_id","created_at");--> statement-breakpoint
CREATE INDEX "trip_ideas_added_by_idx" ON "trip_ideas" USING btree ("added_by");--> statement-breakpoint
CREATE INDEX "trip_poll_votes_user_idx" ON "trip_poll_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trip_polls_trip_idx" ON "trip_polls" USING btree ("trip_id","created_at");--> statement-breakpoint
CREATE INDEX "trip_polls_created_by_idx" ON "trip_polls" USING btree ("created_by");