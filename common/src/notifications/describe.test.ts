import { describeNotification } from "./describe";
import type { NotificationDto } from "./notifications.schema";

const base: NotificationDto = {
  id: 1,
  kind: "case.confirmed",
  work_case: 7,
  case_title: "春の展示会",
  item_title: null,
  actor_name: "仙台 誠",
  quantity: null,
  due_at: null,
  at: "2030-04-01T00:00:00Z",
  read: false,
};
const show = (iso: string) => `<${iso}>`;

describe("describeNotification", () => {
  it("says who did what to which case, with the deadline or end where there is one", () => {
    expect(describeNotification(base, show)).toBe("仙台 誠 さんが案件「春の展示会」を本予約にしました。");
    expect(describeNotification({ ...base, kind: "case.cancelled" }, show)).toBe(
      "仙台 誠 さんが案件「春の展示会」をキャンセルしました。",
    );
    expect(
      describeNotification(
        { ...base, kind: "hold.expiring", actor_name: null, due_at: "2030-04-02T09:00:00Z" },
        show,
      ),
    ).toBe(
      "仮押さえ「春の展示会」の期限が近づいています（<2030-04-02T09:00:00Z> に解放されます）。本予約にするか、期限を変更してください。",
    );
    expect(
      describeNotification(
        { ...base, kind: "hold.lapsed", actor_name: null, due_at: "2030-04-02T09:00:00Z" },
        show,
      ),
    ).toBe("仮押さえ「春の展示会」は期限（<2030-04-02T09:00:00Z>）が過ぎたため解放されました。");
    expect(
      describeNotification(
        {
          ...base,
          kind: "orderitem.overdue",
          actor_name: null,
          item_title: "照明",
          quantity: 2,
          due_at: "2030-04-03T00:00:00Z",
        },
        show,
      ),
    ).toBe("案件「春の展示会」の 照明 2個が返却予定（<2030-04-03T00:00:00Z>）を過ぎても入庫されていません。");
    expect(
      describeNotification({ ...base, kind: "unit.lost", item_title: "スピーカー", quantity: 1 }, show),
    ).toBe("仙台 誠 さんが案件「春の展示会」の スピーカー 1個を紛失として記録しました。");
    expect(
      describeNotification({ ...base, kind: "unit.broken", item_title: "スピーカー", quantity: 1 }, show),
    ).toBe("仙台 誠 さんが案件「春の展示会」の スピーカー 1個を故障として記録しました。");
  });
});
