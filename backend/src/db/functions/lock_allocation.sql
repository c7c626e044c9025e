-- lock_allocation: the locks of every write that changes what is booked, in the one order they all take them,
-- so two writers never wait on each other in a cycle (docs/allocation.md): the case (share, or update for a
-- period change, a status change, a delete), then the items in id order (update: the one lock every writer of
-- an item's usage takes), then the order items in id order (update). It only locks: the caller reads the rows
-- in its next statement, which in READ COMMITTED sees what the last holder of each lock committed.
-- add_allocation_unit calls it too, so the + and every other writer share this one source of the lock order.
-- A null case (the stock edit, the import) or an empty array skips that step.
--
-- The one source of this function. Migrations are made from it (`npm run db:function -w backend --
-- lock_allocation <name>`), and db/functions.test.ts fails when the latest migration that defines it does not
-- hold this text exactly. A concurrency test's control replaces it in its own database with a copy without
-- the locks (allocation/allocation.testkit.ts).
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
