CREATE TABLE "geocode_cache" (
	"kind" text NOT NULL,
	"query" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geocode_cache_kind_query_pk" PRIMARY KEY("kind","query")
);
