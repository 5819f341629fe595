CREATE TABLE "places_cache" (
	"destination" text NOT NULL,
	"interest" text NOT NULL,
	"elements" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_cache_destination_interest_pk" PRIMARY KEY("destination","interest")
);
