-- record_history: the one writer of 履歴 (docs/history.md). Writes the entries of one change by p_actor (a
-- member of p_group, or null for the system) from a JSON array of facts and returns the rows written. The
-- actor's name is copied as it is now (kept if the member goes), looked up in the group only. lib/history.ts
-- (every service) and add_allocation_unit (the +) both call it, in the transaction of the change they record.
--
-- The one source of this function. Migrations are made from this file (`npm run db:function -w backend --
-- history <name>`), and db/functions.test.ts fails when the latest migration that defines it does not hold
-- its definition below exactly.
CREATE OR REPLACE FUNCTION record_history(p_group integer, p_actor integer, p_facts jsonb)
RETURNS SETOF history
LANGUAGE sql
VOLATILE
AS $$
  INSERT INTO history (group_id, actor_id, actor_name, action, case_id, case_title, item_id, item_title,
                       member_id, member_name, quantity, before, after)
  SELECT p_group, p_actor,
         coalesce((SELECT trim(u.last_name || ' ' || u.first_name) FROM users u
                   WHERE u.id = p_actor AND u.group_id = p_group), ''),
         f.action, f.case_id, f.case_title, f.item_id, f.item_title, f.member_id, f.member_name,
         f.quantity, f.before, f.after
  FROM jsonb_to_recordset(p_facts) AS f(action text, case_id integer, case_title text,
       item_id integer, item_title text, member_id integer, member_name text, quantity integer,
       before jsonb, after jsonb)
  RETURNING *
$$;
