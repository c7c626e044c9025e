CREATE TABLE "item_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"tag" text NOT NULL,
	"serial" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"out_order_item_id" integer,
	"outage_movement_id" integer,
	"retired_at" timestamp with time zone,
	"retired_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "item_units_id_group_key" UNIQUE("id","group_id"),
	CONSTRAINT "item_units_one_place" CHECK ("item_units"."out_order_item_id" IS NULL OR "item_units"."outage_movement_id" IS NULL),
	CONSTRAINT "item_units_retired" CHECK (("item_units"."retired_at" IS NULL) = ("item_units"."retired_reason" IS NULL) AND ("item_units"."retired_at" IS NULL OR "item_units"."out_order_item_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "movement_units" (
	"movement_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "movement_units_pkey" PRIMARY KEY("movement_id","unit_id")
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "unit_tracked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "unit_prefix" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "unit_next_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_units" ADD CONSTRAINT "item_units_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_units" ADD CONSTRAINT "item_units_out_order_item_id_order_items_id_fk" FOREIGN KEY ("out_order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_units" ADD CONSTRAINT "item_units_outage_movement_id_order_item_movements_id_fk" FOREIGN KEY ("outage_movement_id") REFERENCES "public"."order_item_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_units" ADD CONSTRAINT "item_units_item_fk" FOREIGN KEY ("item_id","group_id") REFERENCES "public"."items"("id","group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_units" ADD CONSTRAINT "movement_units_movement_id_order_item_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."order_item_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_units" ADD CONSTRAINT "movement_units_unit_fk" FOREIGN KEY ("unit_id","group_id") REFERENCES "public"."item_units"("id","group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_units_group_tag_key" ON "item_units" USING btree ("group_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "item_units_item_idx" ON "item_units" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "item_units_out_idx" ON "item_units" USING btree ("out_order_item_id") WHERE out_order_item_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "movement_units_unit_idx" ON "movement_units" USING btree ("unit_id");--> statement-breakpoint
-- Every UPDATE of a unit bumps its version (docs/realtime.md), as for items, cases and order items.
CREATE TRIGGER item_units_bump_version BEFORE UPDATE ON item_units FOR EACH ROW EXECUTE FUNCTION bump_row_version();
