import http from "node:http";
import type { CategoryDto, ItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { eq } from "drizzle-orm";
import request from "supertest";
import { categories, items, orderItems, workCases } from "../../db/schema";
import type { RunningServer } from "../../server";
import { bearer, type Session, unique } from "../../test/api";

/** Test helpers shared by the catalogue suites (categories, items, weekly view, import). */

export async function makeCategory(
  server: RunningServer,
  s: Session,
  name = unique("カテゴリ"),
): Promise<CategoryDto> {
  const res = await request(server.url)
    .post("/api/categories/")
    .set(bearer(s))
    .send({ category: name, group: s.groupId });
  if (res.status !== 201) throw new Error(`category: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function makeItem(
  server: RunningServer,
  s: Session,
  opts: { category?: number; title?: string; stock?: number; note?: string } = {},
): Promise<ItemDto> {
  const category = opts.category ?? (await makeCategory(server, s)).id;
  const res = await request(server.url)
    .post("/api/items/")
    .set(bearer(s))
    .send({
      title: opts.title ?? unique("アイテム"),
      category,
      stock_quantity: opts.stock ?? 10,
      note: opts.note ?? "",
      group: s.groupId,
    });
  if (res.status !== 201) throw new Error(`item: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A work case straight in the database (the case API belongs to another feature). */
export async function insertCase(server: RunningServer, groupId: number, start: Date, end: Date) {
  const [row] = await server.deps.database.db
    .insert(workCases)
    .values({ groupId, title: unique("案件"), startDate: start, endDate: end })
    .returning({ id: workCases.id });
  return row!.id;
}

/** An order item straight in the database. */
export async function insertOrder(
  server: RunningServer,
  groupId: number,
  itemId: number,
  quantity: number,
  start: Date,
  end: Date,
  caseId?: number,
) {
  const workCaseId = caseId ?? (await insertCase(server, groupId, start, end));
  const [row] = await server.deps.database.db
    .insert(orderItems)
    .values({ groupId, workCaseId, itemId, orderQuantity: quantity, startDate: start, endDate: end })
    .returning({ id: orderItems.id });
  return row!.id;
}

export const itemsOfGroupInDb = (server: RunningServer, groupId: number) =>
  server.deps.database.db.select().from(items).where(eq(items.groupId, groupId));
export const categoriesOfGroupInDb = (server: RunningServer, groupId: number) =>
  server.deps.database.db.select().from(categories).where(eq(categories.groupId, groupId));
export const ordersOfGroupInDb = (server: RunningServer, groupId: number) =>
  server.deps.database.db.select().from(orderItems).where(eq(orderItems.groupId, groupId));

/** A GET with the path sent exactly as written (supertest normalises `..` and `%2e`). */
export function rawGet(server: RunningServer, path: string): Promise<{ status: number; body: string }> {
  const u = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path, method: "GET" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}
