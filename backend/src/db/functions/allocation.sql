-- The allocation's SQL: the lock order of every write that changes what is booked, and the + that takes it.
-- Allocation decides in TypeScript (backend/src/allocation/, with common/availability); these functions lock,
-- write and read, and never decide (docs/allocation.md, docs/decisions.md).
--
-- The one source of these functions. Migrations are made from this file (`npm run db:function -w backend --
-- allocation <name>`), and db/functions.test.ts fails when the latest migration that defines a function does
-- not hold its definition below exactly.

-- lock_allocation: the locks of every write that changes what is booked, in the one order they all take them,
-- so two writers never wait on each other in a cycle (docs/allocation.md): the case (share, or update for a
-- period change, a status change, a delete), then the items in id order (update: the one lock every writer of
-- an item's usage takes), then the order items in id order (update). It only locks: the caller reads the rows
-- in its next statement, which in READ COMMITTED sees what the last holder of each lock committed.
-- add_allocation_unit calls it too, so the + and every other writer share this one source of the lock order.
-- A null case (the stock edit, the import) or an empty array skips that step.
-- A concurrency test's control replaces it in its own database with a copy without the locks
-- (allocation/allocation.testkit.ts).
CREATE OR REPLACE FUNCTION lock_allocation(p_group integer, p_case integer, p_case_update boolean,
                                           p_items integer[], p_order_items integer[])
RETURNS void
LANGUAGE plpgsql
VOLATILE
AS $$
BEGIN
  IF p_case IS NOT NULL THEN
    IF p_case_update THEN
      PERFORM 1 FROM work_cases WHERE group_id = p_group AND id = p_case FOR UPDATE;
    ELSE
      PERFORM 1 FROM work_cases WHERE group_id = p_group AND id = p_case FOR SHARE;
    END IF;
  END IF;
  IF cardinality(p_items) > 0 THEN
    PERFORM 1 FROM items WHERE group_id = p_group AND id = ANY (p_items) ORDER BY id FOR UPDATE;
  END IF;
  IF cardinality(p_order_items) > 0 THEN
    PERFORM 1 FROM order_items WHERE group_id = p_group AND id = ANY (p_order_items) ORDER BY id FOR UPDATE;
  END IF;
END
$$;

-- add_allocation_unit: the + button's statement. Takes the locks of every allocation write through
-- lock_allocation (the case share, then the item), writes one more unit (upsert) and returns the item (with
-- whether it is tracked by unit, 個体管理: the order item's row carries it, docs/units.md), the unit, the item's
-- turnaround (its own, else its category's: 点検・準備時間, docs/availability.md) and the item's bookings that
-- overlap the unit's period widened by that turnaround both ways (as the view order_item_bookings has them, and
-- its units out of service), as JSON. It never decides: the caller checks the peak with common/availability in
-- the same transaction and throws to roll the unit back (backend/src/allocation/, docs/allocation.md). A unit
-- written is recorded in the history (履歴) by p_actor through record_history in the same statement, so it goes
-- or stays with the unit, and the entry written is returned as the other writers' entries are
-- (docs/history.md). Units hired in (外部手配, docs/subrental.md) are the item's stock for the period they are with
-- us: the hires overlapping the same widened window come back too, from one scan of their partial index.
CREATE OR REPLACE FUNCTION add_allocation_unit(p_group integer, p_case integer, p_item integer, p_actor integer)
RETURNS json
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_case record;
  v_item record;
  v_unit record;
  v_added boolean;
  v_bookings json;
  v_hires json;
  v_history json;
  v_reach interval;
BEGIN
  -- The case (share: its period cannot change under us), then the item (update: the one lock every writer of
  -- this item's usage takes), in the order every allocation write uses; the reads below see the rows as the
  -- last holder of each lock committed them.
  PERFORM lock_allocation(p_group, p_case, false, ARRAY[p_item], NULL);
  SELECT start_date, end_date, status, title INTO v_case FROM work_cases WHERE group_id = p_group AND id = p_case;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- A cancelled case takes no units (docs/lifecycle.md): nothing is written, the caller answers 409.
  IF v_case.status = 'cancelled' THEN
    RETURN json_build_object('case_status', v_case.status);
  END IF;
  SELECT i.id, i.title, i.stock_quantity, i.category_id, c.name AS category_name, i.unit_tracked,
         coalesce(i.turnaround_before_minutes, c.turnaround_before_minutes) AS before_minutes,
         coalesce(i.turnaround_after_minutes, c.turnaround_after_minutes) AS after_minutes
  INTO v_item
  FROM items i JOIN categories c ON c.id = i.category_id AND c.group_id = i.group_id
  WHERE i.group_id = p_group AND i.id = p_item;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- A booking [s, e] holds its units over [s - before, e + after] and so does the unit's period: every booking
  -- whose held period meets the unit's lies within the unit's period widened by before + after both ways
  -- (common/availability turnaroundReach). Zero without a turnaround: the same ranges as before it existed.
  v_reach := make_interval(mins => v_item.before_minutes + v_item.after_minutes);

  -- One more unit: a new order item over the case's period, or the existing one's quantity + 1. At the
  -- column's upper bound (the order_items_quantity check, equal to the highest stock) nothing is written and
  -- the caller's check refuses the unit.
  INSERT INTO order_items AS o (group_id, work_case_id, item_id, order_quantity, start_date, end_date)
  VALUES (p_group, p_case, p_item, 1, v_case.start_date, v_case.end_date)
  ON CONFLICT (work_case_id, item_id) DO UPDATE SET order_quantity = o.order_quantity + 1
    WHERE o.order_quantity < 1000000
  RETURNING o.id, o.order_quantity, o.start_date, o.end_date, o.issue, o.receive, o.note, o.version INTO v_unit;
  v_added := FOUND;
  IF NOT v_added THEN
    SELECT id, order_quantity, start_date, end_date, issue, receive, note, version INTO v_unit
    FROM order_items WHERE work_case_id = p_case AND item_id = p_item;
  ELSE
    -- 履歴: the case and the item by id and title, in the shape every history read returns (lib/history.ts).
    SELECT json_build_object('id', h.id, 'at_ms', floor(extract(epoch from h.at) * 1000), 'actor_id', h.actor_id,
             'actor_name', h.actor_name, 'action', h.action, 'case_id', h.case_id, 'case_title', h.case_title,
             'item_id', h.item_id, 'item_title', h.item_title, 'member_id', h.member_id,
             'member_name', h.member_name, 'quantity', h.quantity, 'before', h.before, 'after', h.after)
    INTO v_history
    FROM record_history(p_group, p_actor, jsonb_build_array(jsonb_build_object(
           'action', 'orderitem.add', 'case_id', p_case, 'case_title', v_case.title, 'item_id', p_item,
           'item_title', v_item.title, 'quantity', 1,
           'before', jsonb_build_object('order_quantity', v_unit.order_quantity - 1),
           'after', jsonb_build_object('order_quantity', v_unit.order_quantity)))) h;
  END IF;

  -- A statement of its own after the locks: in READ COMMITTED every statement of a volatile function takes a
  -- new snapshot, so this sees every allocation committed before the locks were granted, and the unit above.
  -- By item only: the item was found in the group above, and order_items_item_fk (item_id, group_id) keeps
  -- every order item of it in that group. A group_id condition here let the cached generic plan scan the
  -- group's period index and filter the whole group's order items by item (addItem.plan.test.ts).
  -- Units out of service (lost, broken: the view item_outages, docs/lifecycle.md) hold stock like bookings and
  -- come with them, in this statement: a query of their own would cost the + a round trip and a planning.
  SELECT coalesce(json_agg(json_build_array(
           floor(extract(epoch from b.start_date) * 1000),
           floor(extract(epoch from b.end_date) * 1000),
           b.quantity)), '[]'::json)
  INTO v_bookings
  FROM (
    -- What order items hold (the view order_item_bookings: early returns free their units from their return);
    -- planned_end bounds the index scan of the early returns' rows.
    SELECT o.start_date, o.end_date, o.quantity
    FROM order_item_bookings o
    WHERE o.item_id = p_item
      AND o.start_date <= v_unit.end_date + v_reach AND o.planned_end >= v_unit.start_date - v_reach
      AND o.end_date >= v_unit.start_date - v_reach
      -- Cancelled cases hold no stock: their order items are not bookings. A scalar lookup by the case's
      -- primary key per booking: written as NOT EXISTS, the cached generic plan anti-joined a scan of every
      -- case.
      AND (SELECT w.status FROM work_cases w WHERE w.id = o.work_case_id) <> 'cancelled'
    UNION ALL
    SELECT u.start_date, u.end_date, u.quantity
    FROM item_outages u
    WHERE u.item_id = p_item
      AND u.start_date <= v_unit.end_date + v_reach AND u.end_date >= v_unit.start_date - v_reach
  ) b;

  -- Hired units (外部手配): stock over [start, end] while requested or received, up to the return once returned
  -- (if earlier), never once cancelled. The partial index sub_rentals_item_period_idx leaves cancelled ones out.
  SELECT coalesce(json_agg(json_build_array(
           floor(extract(epoch from r.start_date) * 1000),
           floor(extract(epoch from CASE WHEN r.status = 'returned' THEN least(r.end_date, r.returned_at)
                                         ELSE r.end_date END) * 1000),
           r.quantity)), '[]'::json)
  INTO v_hires
  FROM sub_rentals r
  WHERE r.item_id = p_item AND r.status <> 'cancelled'
    AND r.start_date <= v_unit.end_date + v_reach AND r.end_date >= v_unit.start_date - v_reach;

  RETURN json_build_object(
    'added', v_added,
    'title', v_item.title,
    'stock_quantity', v_item.stock_quantity,
    'category_id', v_item.category_id,
    'category_name', v_item.category_name,
    'unit_tracked', v_item.unit_tracked,
    'turnaround_before_minutes', v_item.before_minutes,
    'turnaround_after_minutes', v_item.after_minutes,
    'order_item', json_build_object(
      'id', v_unit.id,
      'order_quantity', v_unit.order_quantity,
      'start', floor(extract(epoch from v_unit.start_date) * 1000),
      'end', floor(extract(epoch from v_unit.end_date) * 1000),
      'issue', floor(extract(epoch from v_unit.issue) * 1000),
      'receive', floor(extract(epoch from v_unit.receive) * 1000),
      'note', v_unit.note,
      'version', v_unit.version),
    'history', v_history,
    'bookings', v_bookings,
    'hires', v_hires);
END
$$;
