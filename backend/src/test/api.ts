import request from "supertest";
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
export async function signUpOwner(server: RunningServer, opts: { group?: string; email?: string } = {}): Promise<Session> {
  const api = request(server.url);
  const group = await api.post("/api/groups/").send({ name: opts.group ?? unique("グループ") }).expect(201);
  const email = opts.email ?? `${unique("owner")}@example.com`;
  const password = "password1";
  const user = await api
    .post("/api/signup/")
    .send({ email, password, groups: group.body.id, first_name: "太郎", last_name: "山田", is_owner: true, is_member: true })
    .expect(201);
  return { ...(await login(server, email, password)), userId: user.body.id, groupId: group.body.id };
}

/** Registers a staff member into a group (inactive until an owner activates them). */
export async function signUpStaff(server: RunningServer, groupId: number, email = `${unique("staff")}@example.com`) {
  const res = await request(server.url)
    .post("/api/signup/")
    .send({ email, password: "password1", groups: groupId, first_name: "花子", last_name: "佐藤", is_owner: false, is_member: false })
    .expect(201);
  return { id: res.body.id as number, email, password: "password1" };
}

export async function login(server: RunningServer, email: string, password: string) {
  const res = await request(server.url).post("/api/token/").send({ email, password }).expect(200);
  const me = await request(server.url).get("/api/user-info/").set("Authorization", `Bearer ${res.body.access}`).expect(200);
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
