/** What the benchmarks share: JSON calls to the app and a group to measure in. */

// biome-ignore lint/suspicious/noExplicitAny: a benchmark reads the JSON answers loosely
export type Json = any;

/** One JSON call; throws with the status and body on anything but 2xx. */
export async function api(
  base: string,
  method: string,
  p: string,
  token?: string,
  body?: unknown,
): Promise<Json> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

export const BENCH_PASSWORD = "password1";

/** A new group with its owner signed in and one category "bench": where a benchmark puts its data. */
export async function benchGroup(
  base: string,
): Promise<{ group: Json; access: string; category: Json; email: string }> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const group = await api(base, "POST", "/api/groups/", undefined, { name: `bench-${stamp}` });
  const email = `owner-${stamp}@example.com`;
  await api(base, "POST", "/api/signup/", undefined, {
    email,
    password: BENCH_PASSWORD,
    groups: group.id,
    first_name: "b",
    last_name: "b",
    is_owner: true,
    is_member: true,
  });
  const { access } = await api(base, "POST", "/api/token/", undefined, { email, password: BENCH_PASSWORD });
  const category = await api(base, "POST", "/api/categories/", access, {
    category: "bench",
    group: group.id,
  });
  return { group, access, category, email };
}
