import type { CaseWatchAnswer } from "@zaiko/common/realtime/events";
import type { RunningServer } from "../server";
import { type Session, signUpOwner } from "./api";
import type { DriverName } from "./databases";
import { type ClientSocket, connect } from "./sockets";
import { startTestServer } from "./testServer";

/** Two groups' owners on one server, and the sockets a test opens (closed after each test): the set-up of
 * every suite that checks who hears a group's events. Read the fields inside tests (set in beforeAll). */
export function useTwoGroupsWithSockets(driver: DriverName) {
  const ctx = {} as { server: RunningServer; owner: Session; other: Session };
  let sockets: ClientSocket[] = [];
  beforeAll(async () => {
    ctx.server = await startTestServer(driver);
    ctx.owner = await signUpOwner(ctx.server);
    ctx.other = await signUpOwner(ctx.server);
  });
  afterEach(() => {
    for (const s of sockets) s.close();
    sockets = [];
  });
  afterAll(() => ctx.server.close());
  const open = async (s: Session) => {
    const socket = await connect(ctx.server, s.access);
    sockets.push(socket);
    return socket;
  };
  return { ctx, open };
}

/** Joins the socket to a case's room (`case.watch`); resolves with the server's answer. */
export const watchCase = (socket: ClientSocket, caseId: number) =>
  new Promise<CaseWatchAnswer>((resolve) => socket.emit("case.watch", caseId, resolve));
