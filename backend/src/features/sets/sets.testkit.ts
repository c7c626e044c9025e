import type { ItemSetDto } from "@zaiko/common/sets/sets.schema";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, unique } from "../../test/api";

/** Test helpers of the set suites. */

/** Creates a set through the API: `parts` as [itemId, units per set]. */
export async function makeSet(
  server: RunningServer,
  s: Session,
  category: number,
  parts: [number, number][],
  title = unique("PAセット"),
): Promise<ItemSetDto> {
  const res = await request(server.url)
    .post("/api/sets/")
    .set(bearer(s))
    .send({ title, category, note: "", parts: parts.map(([item, quantity]) => ({ item, quantity })) });
  if (res.status !== 201) throw new Error(`set: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const addSet = (server: RunningServer, s: Session, setId: number | string, caseId: number | string) =>
  request(server.url).post(`/api/addset/${setId}/${caseId}/`).set(bearer(s));
export const reduceSet = (
  server: RunningServer,
  s: Session,
  setId: number | string,
  caseId: number | string,
) => request(server.url).post(`/api/reduceset/${setId}/${caseId}/`).set(bearer(s));
