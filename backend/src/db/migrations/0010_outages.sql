ALTER TABLE "order_item_movements" ADD COLUMN "disposition" text DEFAULT 'returned' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD COLUMN "repair_due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD COLUMN "resolved_by_name" text;--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD CONSTRAINT "order_item_movements_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_movements_outage_idx" ON "order_item_movements" USING btree ("order_item_id") WHERE "order_item_movements"."disposition" <> 'returned';--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD CONSTRAINT "order_item_movements_disposition" CHECK ("order_item_movements"."disposition" IN ('returned', 'lost', 'broken') AND ("order_item_movements"."kind" = 'receive' OR "order_item_movements"."disposition" = 'returned'));--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD CONSTRAINT "order_item_movements_outage" CHECK (("order_item_movements"."disposition" = 'broken' OR "order_item_movements"."repair_due" IS NULL) AND ("order_item_movements"."disposition" <> 'returned' OR "order_item_movements"."resolved_at" IS NULL));--> statement-breakpoint
-- Units out of service as bookings (docs/lifecycle.md): a lost or broken receive holds its quantity over
-- [reported, resolved) minus its own order item's period (the case's booking already holds it then), as at
-- most two closed periods (instants to the millisecond, as every booking is compared); open ones end in 9999.
CREATE VIEW "item_outages" AS
  SELECT o.group_id, o.item_id, o.work_case_id, o.id AS order_item_id, m.id AS movement_id,
         p.start_date, p.end_date, m.quantity
  FROM order_item_movements m
  JOIN order_items o ON o.id = m.order_item_id
  CROSS JOIN LATERAL (VALUES
    (m.at, least(coalesce(m.resolved_at, 'infinity'::timestamptz), o.start_date) - interval '1 millisecond'),
    (greatest(m.at, o.end_date + interval '1 millisecond'),
     coalesce(m.resolved_at - interval '1 millisecond', '9999-12-31T00:00:00Z'::timestamptz))
  ) AS p(start_date, end_date)
  WHERE m.disposition <> 'returned' AND p.start_date <= p.end_date;
