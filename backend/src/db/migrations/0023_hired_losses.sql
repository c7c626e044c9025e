ALTER TABLE "order_item_movements" ADD COLUMN "sub_rental_id" integer;--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD CONSTRAINT "order_item_movements_sub_rental_id_sub_rentals_id_fk" FOREIGN KEY ("sub_rental_id") REFERENCES "public"."sub_rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_movements_sub_rental_idx" ON "order_item_movements" USING btree ("sub_rental_id") WHERE "order_item_movements"."sub_rental_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_movements" ADD CONSTRAINT "order_item_movements_sub_rental" CHECK ("order_item_movements"."sub_rental_id" IS NULL OR "order_item_movements"."disposition" IN ('lost', 'broken'));--> statement-breakpoint
-- 外部手配 (docs/subrental.md): a lost or broken report of hired units holds them, as the report of own units does,
-- over [reported, resolved) minus its order item's period, but only within the hire's period (its planned return,
-- or its return when earlier): the units were the supplier's, so outside it nothing of the item's own stock is out.
CREATE OR REPLACE VIEW "item_outages" AS
  SELECT o.group_id, o.item_id, o.work_case_id, o.id AS order_item_id, m.id AS movement_id,
         greatest(p.start_date, h.hire_start) AS start_date, least(p.end_date, h.hire_end) AS end_date, m.quantity,
         m.sub_rental_id
  FROM order_item_movements m
  JOIN order_items o ON o.id = m.order_item_id
  LEFT JOIN LATERAL (
    SELECT r.start_date AS hire_start,
           CASE WHEN r.status = 'returned' THEN least(r.end_date, r.returned_at) ELSE r.end_date END AS hire_end
    FROM sub_rentals r WHERE r.id = m.sub_rental_id
  ) AS hr ON true
  CROSS JOIN LATERAL (
    SELECT coalesce(hr.hire_start, '-infinity'::timestamptz) AS hire_start,
           coalesce(hr.hire_end, 'infinity'::timestamptz) AS hire_end
  ) AS h
  CROSS JOIN LATERAL (VALUES
    (m.at, least(coalesce(m.resolved_at, 'infinity'::timestamptz), o.start_date) - interval '1 millisecond'),
    (greatest(m.at, o.end_date + interval '1 millisecond'),
     coalesce(m.resolved_at - interval '1 millisecond', '9999-12-31T00:00:00Z'::timestamptz))
  ) AS p(start_date, end_date)
  WHERE m.disposition <> 'returned' AND greatest(p.start_date, h.hire_start) <= least(p.end_date, h.hire_end);
