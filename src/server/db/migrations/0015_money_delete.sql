CREATE TABLE "trip_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "settlement_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "settlement_currency_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trip_payments" ADD CONSTRAINT "trip_payments_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_payments" ADD CONSTRAINT "trip_payments_from_user_id_user_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_payments" ADD CONSTRAINT "trip_payments_to_user_id_user_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_payments" ADD CONSTRAINT "trip_payments_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_payments_trip_idx" ON "trip_payments" USING btree ("trip_id","date","created_at");--> statement-breakpoint
CREATE INDEX "trip_payments_from_idx" ON "trip_payments" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "trip_payments_to_idx" ON "trip_payments" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "trip_payments_created_by_idx" ON "trip_payments" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "trips_deleted_at_idx" ON "trips" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
-- The currency most of a trip's expenses' value is in (their USD value; an expense still waiting for
-- its rate counts by its own amount), USD when it has none or two currencies tie: the settlement
-- currency of a trip whose members have not chosen one (kept by trip-settlement.ts on every change).
CREATE FUNCTION trip_default_settlement(p_trip uuid) RETURNS text LANGUAGE sql STABLE AS $$
  select case when count(*) filter (where total = top) = 1
    then max(currency) filter (where total = top) else 'USD' end
  from (
    select currency, sum(coalesce(amount_usd_cents, amount_minor)) as total,
      max(sum(coalesce(amount_usd_cents, amount_minor))) over () as top
    from trip_expenses where trip_id = p_trip group by currency
  ) totals
$$;--> statement-breakpoint
UPDATE "trips" SET "settlement_currency" = trip_default_settlement("id")
  WHERE EXISTS (SELECT 1 FROM "trip_expenses" e WHERE e."trip_id" = "trips"."id");
