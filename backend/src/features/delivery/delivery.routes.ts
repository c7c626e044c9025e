import Router from "@koa/router";
import {
  MailPreferencesSchema,
  WebhookPatchSchema,
  WebhookWriteSchema,
} from "@zaiko/common/notifications/delivery.schema";
import type { AppDeps } from "../../deps";
import { requireAuth } from "../../middlewares/auth";
import { idParam } from "../../middlewares/params";
import { readBody } from "../../middlewares/validate";
import {
  changeWebhook,
  createWebhook,
  listWebhooks,
  mailPreferences,
  removeWebhook,
  saveMailPreferences,
  testWebhook,
  webhookLog,
} from "./delivery.service";

/**
 * /api/mail-preferences/ (every member, their own) and /api/webhooks/ (owners only, checked by the service:
 * a staff member gets 403). Nothing here sends: mails and calls leave from the queue after the answer.
 */
export function deliveryRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/mail-preferences/", auth, async (ctx) => {
    ctx.body = await mailPreferences(deps, ctx.state.user);
  });
  router.put("/api/mail-preferences/", auth, async (ctx) => {
    ctx.body = await saveMailPreferences(deps, ctx.state.user, readBody(ctx, MailPreferencesSchema));
  });

  router.get("/api/webhooks/", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await listWebhooks(deps, ctx.state.user);
  });
  router.post("/api/webhooks/", auth, async (ctx) => {
    const body = readBody(ctx, WebhookWriteSchema);
    ctx.set("Cache-Control", "no-store");
    ctx.status = 201;
    ctx.body = await createWebhook(deps, ctx.state.user, body);
  });
  router.patch("/api/webhooks/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    ctx.body = await changeWebhook(deps, ctx.state.user, id, readBody(ctx, WebhookPatchSchema));
  });
  router.delete("/api/webhooks/:id/", auth, async (ctx) => {
    await removeWebhook(deps, ctx.state.user, idParam(ctx));
    ctx.status = 204;
  });
  router.post("/api/webhooks/:id/test/", auth, async (ctx) => {
    ctx.status = 202;
    ctx.body = await testWebhook(deps, ctx.state.user, idParam(ctx));
    deps.sender?.wake();
  });
  router.get("/api/webhooks/:id/deliveries/", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await webhookLog(deps, ctx.state.user, idParam(ctx));
  });

  return router;
}
