CREATE TABLE "order_item_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"member_id" integer,
	"member_name" text NOT NULL,
	CONSTRAINT "order_item_movements_kind" CHECK ("order_item_movements"."kind" IN ('issue', 'receive')),
	CONSTRAINT "order_item_movements_quantity" CHECK ("order_item_movements"."quantity" >= 1 AND "order_item_movements"."quantity" <= 1000000)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "issued_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "received_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_id_group_key" UNIQUE("id","group_id");--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD CONSTRAINT "order_item_movements_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD CONSTRAINT "order_item_movements_order_item_fk" FOREIGN KEY ("order_item_id","group_id") REFERENCES "public"."order_items"("id","group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_movements_order_item_idx" ON "order_item_movements" USING btree ("order_item_id","id");--> statement-breakpoint
-- Existing issue and receive times were all-or-nothing: they become one movement of the whole quantity each
-- (recorded by nobody known), so the sums and the times agree from the start (docs/lifecycle.md).
UPDATE "order_items" SET "issued_quantity" = "order_quantity" WHERE "issue" IS NOT NULL;--> statement-breakpoint
UPDATE "order_items" SET "received_quantity" = "order_quantity" WHERE "receive" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_item_movements" ("group_id", "order_item_id", "kind", "quantity", "at", "member_id", "member_name")
  SELECT "group_id", "id", 'issue', "order_quantity", "issue", NULL, '' FROM "order_items" WHERE "issue" IS NOT NULL
  ORDER BY "id";--> statement-breakpoint
INSERT INTO "order_item_movements" ("group_id", "order_item_id", "kind", "quantity", "at", "member_id", "member_name")
  SELECT "group_id", "id", 'receive', "order_quantity", "receive", NULL, '' FROM "order_items" WHERE "receive" IS NOT NULL
  ORDER BY "id";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_moved_quantities" CHECK (0 <= "order_items"."received_quantity" AND "order_items"."received_quantity" <= "order_items"."issued_quantity" AND "order_items"."issued_quantity" <= "order_items"."order_quantity");