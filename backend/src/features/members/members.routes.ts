import Router from "@koa/router";
import { MemberTogglePatchSchema, ProfilePatchSchema } from "@zaiko/common/members/members.schema";
import type { z } from "zod";
import type { AppDeps } from "../../deps";
import { attachmentDisposition, toCsv } from "../../lib/csv";
import { requireAuth, requirePermission } from "../../middlewares/auth";
import { sameGroupOrAbsent } from "../../middlewares/groupScope";
import { idParam } from "../../middlewares/params";
import { readBody } from "../../middlewares/validate";
import {
  editProfile,
  getMember,
  getUserInfo,
  listMembers,
  memberCsvRows,
  removeMember,
  setMembership,
} from "./members.service";

/** Column names of exported_data.csv. */
export const MEMBER_CSV_HEADER = [
  "ID",
  "メールアドレス",
  "ファーストネーム",
  "ラストネーム",
  "アクティブ",
  "オーナー",
];

/** /api/user/ and /api/export-csv/ */
/** PATCH /api/user/{id}/: the owner's active toggle, or a profile edit. */
type MemberPatch = z.output<typeof MemberTogglePatchSchema> | z.output<typeof ProfilePatchSchema>;

export function memberRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/user-info/", auth, async (ctx) => {
    ctx.body = await getUserInfo(deps, ctx.state.user);
  });

  router.get("/api/user/", auth, async (ctx) => {
    // Another group's id answers with an empty list, as if that group had nobody we can see.
    ctx.body = sameGroupOrAbsent(ctx.state.user, ctx.query.groups)
      ? await listMembers(deps, ctx.state.user)
      : [];
  });

  router.get("/api/user/:id/", auth, async (ctx) => {
    ctx.body = await getMember(deps, ctx.state.user, idParam(ctx));
  });

  router.patch("/api/user/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    // Two forms: the owner's active toggle, or a profile edit.
    const patch = readBody(
      ctx,
      (body): z.ZodType<MemberPatch> => ("is_member" in body ? MemberTogglePatchSchema : ProfilePatchSchema),
    );
    if ("is_member" in patch) ctx.body = await setMembership(deps, ctx.state.user, id, patch.is_member);
    else ctx.body = await editProfile(deps, ctx.state.user, id, patch);
  });

  router.delete("/api/user/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    await removeMember(deps, ctx.state.user, id);
    ctx.status = 204;
  });

  router.get("/api/export-csv/", auth, requirePermission("members.export"), async (ctx) => {
    ctx.set("Content-Type", "text/csv; charset=utf-8");
    ctx.set("Content-Disposition", attachmentDisposition("exported_data.csv"));
    ctx.body = toCsv(MEMBER_CSV_HEADER, await memberCsvRows(deps, ctx.state.user));
  });

  return router;
}
