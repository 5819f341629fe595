CREATE TABLE "packing_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"trip_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"packed_by" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"assigned_to" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packing_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packing_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packing_items" ADD CONSTRAINT "packing_items_list_id_packing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."packing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_items" ADD CONSTRAINT "packing_items_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_items" ADD CONSTRAINT "packing_items_assigned_to_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_items" ADD CONSTRAINT "packing_items_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_lists" ADD CONSTRAINT "packing_lists_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_lists" ADD CONSTRAINT "packing_lists_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_templates" ADD CONSTRAINT "packing_templates_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packing_items_list_idx" ON "packing_items" USING btree ("list_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_items_trip_idx" ON "packing_items" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "packing_items_assigned_idx" ON "packing_items" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "packing_items_created_by_idx" ON "packing_items" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "packing_lists_shared_idx" ON "packing_lists" USING btree ("trip_id") WHERE kind = 'shared';--> statement-breakpoint
CREATE UNIQUE INDEX "packing_lists_personal_idx" ON "packing_lists" USING btree ("trip_id","owner_id") WHERE kind = 'personal';--> statement-breakpoint
CREATE INDEX "packing_lists_owner_idx" ON "packing_lists" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "packing_templates_owner_idx" ON "packing_templates" USING btree ("owner_id","created_at");