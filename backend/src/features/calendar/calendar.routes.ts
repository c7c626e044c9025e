import { createHash } from "node:crypto";
import Router from "@koa/router";
import type { Context } from "koa";
import type { AppDeps } from "../../deps";
import { attachmentDisposition } from "../../lib/csv";
import { requireAuth } from "../../middlewares/auth";
import { idParam } from "../../middlewares/params";
import { caseCalendar, feedCalendar, feedStatus, regenerateFeed, revokeFeed } from "./calendar.service";

const ICS_TYPE = "text/calendar; charset=utf-8";

/**
 * Calendar feed and .ics files (docs/notifications.md). The feed is read without a session: its secret is
 * the capability. Every read answers the data as it is now; an unchanged calendar answers 304 to its ETag.
 */
export function calendarRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);
  // Koa 3's ctx.origin is the Origin header; the address the member used is protocol and host (proxy-aware).
  const baseUrl = (ctx: Context) => deps.config.publicUrl || `${ctx.protocol}://${ctx.host}`;

  router.get("/api/calendar-feed/", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await feedStatus(deps, ctx.state.user);
  });

  router.post("/api/calendar-feed/", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.status = 201;
    ctx.body = await regenerateFeed(deps, ctx.state.user, baseUrl(ctx));
  });

  router.delete("/api/calendar-feed/", auth, async (ctx) => {
    await revokeFeed(deps, ctx.state.user);
    ctx.status = 204;
  });

  router.get("/api/calendar/feed/:file", async (ctx) => {
    const ics = await feedCalendar(deps, ctx.params.file ?? "", baseUrl(ctx));
    ctx.set("Content-Type", ICS_TYPE);
    // Polling clients revalidate every time; shared caches never keep a secret URL's answer.
    ctx.set("Cache-Control", "private, no-cache");
    ctx.set("Referrer-Policy", "no-referrer");
    ctx.etag = createHash("sha256").update(ics).digest("base64url");
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = ics;
  });

  router.get("/api/calendar/cases/:id/", auth, async (ctx) => {
    const { title, ics } = await caseCalendar(deps, ctx.state.user, idParam(ctx), baseUrl(ctx));
    ctx.set("Content-Type", ICS_TYPE);
    ctx.set("Content-Disposition", attachmentDisposition(`${title}.ics`));
    ctx.set("Cache-Control", "no-store");
    ctx.body = ics;
  });

  return router;
}
