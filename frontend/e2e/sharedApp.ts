import { migratedPgliteTemplate } from "../../backend/src/test/databases";
import { type RunningApp, startApp } from "./harness";

/**
 * One built app for the browser journeys of a run (the e2e project's global set-up and tear-down): starting
 * the server and loading its database for each journey file cost seconds of the suite's two cores apiece.
 * Journeys stay apart as tenants do: each signs up its own group under its own e-mail addresses and group
 * name. Journeys that need the server configured otherwise (short tokens) or stopped start their own
 * (`startApp`). E2E_OWN_APP=1 gives every journey its own server again.
 */
const KEY = "__zaikoSharedE2eApp";
type Holder = typeof globalThis & { [KEY]?: RunningApp };

export async function setup(): Promise<void> {
  if (process.env.E2E_OWN_APP === "1") return;
  process.env.ZAIKO_PGLITE_TEMPLATE ||= await migratedPgliteTemplate();
  // Every journey signs in from 127.0.0.1: one per-IP budget for all of them would throttle the run.
  const app = await startApp({ TOKEN_CALLS_PER_IP_PER_MINUTE: "100000" });
  (globalThis as Holder)[KEY] = app;
  process.env.ZAIKO_E2E_APP_URL = app.url;
}

export async function teardown(): Promise<void> {
  await (globalThis as Holder)[KEY]?.stop();
  delete process.env.ZAIKO_E2E_APP_URL;
}
