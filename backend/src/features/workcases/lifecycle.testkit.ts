import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { sql } from "drizzle-orm";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, unique } from "../../test/api";
import { at } from "../orderitems/orderitems.testkit";

/** Test helpers of the case lifecycle (仮押さえ / 本予約 / キャンセル). */

/** A deadline `minutes` from now, as ISO. */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A tentative case held by `s` until `holdUntil` (default: in an hour). */
export async function makeHold(
  server: RunningServer,
  s: Session,
  opts: { start?: string; end?: string; title?: string; holdUntil?: string } = {},
): Promise<WorkCaseDto> {
  const res = await request(server.url)
    .post("/api/workcases/")
    .set(bearer(s))
    .send({
      title: opts.title ?? unique("仮案件"),
      start_date: opts.start ?? at(0),
      end_date: opts.end ?? at(24),
      note: "",
      status: "tentative",
      hold_until: opts.holdUntil ?? inMinutes(60),
    });
  if (res.status !== 201) throw new Error(`hold: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** POST /api/workcases/{id}/status/ */
export const setStatus = (server: RunningServer, s: Session, id: number, body: object) =>
  request(server.url).post(`/api/workcases/${id}/status/`).set(bearer(s)).send(body);

/** Moves a hold's deadline `seconds` into the past, as if it had lapsed (the API refuses a past deadline). */
export async function lapse(server: RunningServer, caseId: number, seconds = 1): Promise<void> {
  await server.deps.database.db.execute(
    sql`UPDATE work_cases SET hold_until = now() - make_interval(secs => ${seconds}) WHERE id = ${caseId}`,
  );
}

/** The status column of a case, straight from the database. */
export async function statusInDb(server: RunningServer, caseId: number): Promise<string> {
  const result = (await server.deps.database.db.execute(
    sql`SELECT status FROM work_cases WHERE id = ${caseId}`,
  )) as unknown as { rows: { status: string }[] };
  return result.rows[0]!.status;
}
