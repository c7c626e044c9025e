import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { groups, refreshTokens, users } from "../db/schema";
import type { AuthUser } from "../middlewares/auth";
import type { RunningServer } from "../server";

/** Cookies of a supertest response as a name -> value map. */
export function cookiesOf(res: request.Response): Record<string, string> {
  const raw = res.headers["set-cookie"] as unknown as string[] | undefined;
  const out: Record<string, string> = {};
  for (const line of raw ?? []) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    out[pair!.slice(0, eq)] = pair!.slice(eq + 1);
  }
  return out;
}

let counter = 0;
/** A unique suffix for names and emails within a run. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface Session {
  access: string;
  cookies: Record<string, string>;
  userId: number;
  groupId: number;
  email: string;
  password: string;
}

/** Registers a new group and its owner through the public API, then logs in. */
export async function signUpOwner(
  server: RunningServer,
  opts: { group?: string; email?: string } = {},
): Promise<Session> {
  const api = request(server.url);
  const group = await api
    .post("/api/groups/")
    .send({ name: opts.group ?? unique("グループ") })
    .expect(201);
  const email = opts.email ?? `${unique("owner")}@example.com`;
  const password = "password1";
  const user = await api
    .post("/api/signup/")
    .send({
      email,
      password,
      groups: group.body.id,
      first_name: "太郎",
      last_name: "山田",
      is_owner: true,
      is_member: true,
    })
    .expect(201);
  return { ...(await login(server, email, password)), userId: user.body.id, groupId: group.body.id };
}

/** Registers a staff member into a group (inactive until an owner activates them). */
export async function signUpStaff(
  server: RunningServer,
  groupId: number,
  email = `${unique("staff")}@example.com`,
) {
  const res = await request(server.url)
    .post("/api/signup/")
    .send({
      email,
      password: "password1",
      groups: groupId,
      first_name: "花子",
      last_name: "佐藤",
      is_owner: false,
      is_member: false,
    })
    .expect(201);
  return { id: res.body.id as number, email, password: "password1" };
}

export async function login(server: RunningServer, email: string, password: string) {
  const res = await request(server.url).post("/api/token/").send({ email, password }).expect(200);
  const me = await request(server.url)
    .get("/api/user-info/")
    .set("Authorization", `Bearer ${res.body.access}`)
    .expect(200);
  return {
    access: res.body.access as string,
    cookies: cookiesOf(res),
    userId: me.body.user.id as number,
    groupId: me.body.id as number,
    email,
    password,
  };
}

/** Activates a staff member as the given owner. */
export async function activate(server: RunningServer, owner: Session, userId: number) {
  await request(server.url)
    .patch(`/api/user/${userId}/`)
    .set("Authorization", `Bearer ${owner.access}`)
    .send({ is_member: true })
    .expect(200);
}

export const bearer = (s: { access: string }) => ({ Authorization: `Bearer ${s.access}` });

/** A `Cookie` request header from a name -> value map (only the named cookies when `names` is given). */
export function cookieHeader(cookies: Record<string, string>, names?: string[]): string {
  return Object.entries(cookies)
    .filter(([name, value]) => value !== "" && (!names || names.includes(name)))
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

/** The raw Set-Cookie line of one cookie, to check its attributes. */
export function setCookieLine(res: request.Response, name: string): string | undefined {
  const raw = res.headers["set-cookie"] as unknown as string[] | undefined;
  return raw?.find((line) => line.startsWith(`${name}=`));
}

/** POST /api/token/refresh/ with the session's cookies and the matching X-CSRFToken header. */
export function refresh(server: RunningServer, cookies: Record<string, string>) {
  return request(server.url)
    .post("/api/token/refresh/")
    .set("Cookie", cookieHeader(cookies))
    .set("X-CSRFToken", cookies.csrftoken ?? "");
}

/** A group with an owner and one active staff member, both signed in. */
export async function ownerWithStaff(server: RunningServer): Promise<{ owner: Session; staff: Session }> {
  const owner = await signUpOwner(server);
  const s = await signUpStaff(server, owner.groupId);
  await activate(server, owner, s.id);
  return { owner, staff: await login(server, s.email, s.password) };
}

/** Creates a group without an owner through the public API. */
export async function createGroup(
  server: RunningServer,
  name = unique("グループ"),
): Promise<{ id: number; name: string }> {
  const res = await request(server.url).post("/api/groups/").send({ name }).expect(201);
  return res.body;
}

/** Moves a group's creation time into the past (for the 30-minute owner-claim window). */
export async function ageGroup(server: RunningServer, groupId: number, minutes: number): Promise<void> {
  await server.deps.database.db
    .update(groups)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(groups.id, groupId));
}

/** The users rows of a group straight from the database (to check what a refused call left behind). */
export function usersOfGroup(server: RunningServer, groupId: number) {
  return server.deps.database.db.select().from(users).where(eq(users.groupId, groupId));
}

/**
 * Moves the user's past refresh-token rotations `seconds` into the past, as if that much time had gone
 * by since: how tests step beyond the reuse grace window without waiting for it.
 */
export async function ageRotations(server: RunningServer, userId: number, seconds: number): Promise<void> {
  await server.deps.database.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`${refreshTokens.rotatedAt} - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.userId, userId));
}

/**
 * A supertest parser that keeps the body as the bytes sent (`.buffer(true).parse(binaryBody)`): CSV with its
 * BOM, xlsx files; supertest would otherwise decode text as UTF-8 and leave a binary type's body empty.
 */
export function binaryBody(res: request.Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}

/** The owner `s` as the services' actor: for tests that call a service directly, past the HTTP layer. */
export const actorOf = (s: Session): AuthUser => ({
  id: s.userId,
  groupId: s.groupId,
  email: s.email,
  isOwner: true,
});

/** The HTTP status a direct service call ends with: 200, or the status of the HttpError it threw (500 else). */
export const statusOf = (p: Promise<unknown>): Promise<number> =>
  p.then(
    () => 200,
    (err: { status?: number }) => err.status ?? 500,
  );
