import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { requireAuth } from "../../middlewares/auth";
import { idParam, queryIdParam } from "../../middlewares/params";
import { notificationsOf, readAll, readOne, unreadOf } from "./notifications.service";

/** The bell (docs/notifications.md): a member's own notifications only; the member comes from the token. */
export function notificationRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/notifications/", auth, async (ctx) => {
    const before = ctx.query.before === undefined ? undefined : queryIdParam(ctx, "before");
    ctx.set("Cache-Control", "no-store");
    ctx.body = await notificationsOf(deps, ctx.state.user, { unreadOnly: ctx.query.unread === "1", before });
  });

  router.get("/api/notifications/unread_count/", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await unreadOf(deps, ctx.state.user);
  });

  router.post("/api/notifications/read_all/", auth, async (ctx) => {
    ctx.body = await readAll(deps, ctx.state.user);
  });

  router.post("/api/notifications/:id/read/", auth, async (ctx) => {
    ctx.body = await readOne(deps, ctx.state.user, idParam(ctx));
  });

  return router;
}
