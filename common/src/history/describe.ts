import { ja } from "../messages/ja";
import type { CaseStatus } from "../workcases/workcases.schema";
import type { HistoryEntryDto, HistoryValues } from "./history.schema";

const h = ja.history;

const changed = (before: HistoryValues | null, after: HistoryValues | null, key: string) =>
  before !== null && after !== null && key in after && before[key] !== after[key];

/** 「数量 2 → 3、期間」: the fields that changed, in words (numbers shown before → after). */
function changes(before: HistoryValues | null, after: HistoryValues | null, noteLabel: string): string {
  const parts: string[] = [];
  for (const [key, fieldLabel] of Object.entries(h.fields)) {
    const label = key === "note" ? noteLabel : fieldLabel;
    if (key === "end_date") continue;
    if (key === "start_date") {
      if (changed(before, after, "start_date") || changed(before, after, "end_date")) parts.push(label);
      continue;
    }
    if (!changed(before, after, key)) continue;
    const a = before?.[key];
    const b = after?.[key];
    parts.push(typeof b === "number" || typeof b === "boolean" ? `${label} ${a} → ${b}` : label);
  }
  return parts.length > 0 ? `（${parts.join("、")}）` : "";
}

/** One line of the activity panel and the CSV's 内容: 「山田 太郎 が ワイヤレスマイク を 1 追加」. */
export function describeHistory(e: HistoryEntryDto): string {
  // 個体管理 (docs/units.md): a movement that named its units says which.
  const units =
    e.action.startsWith("orderitem.") && typeof e.after?.units === "string" ? e.after.units : null;
  return units ? `${describeChange(e)}（${units}）` : describeChange(e);
}

function describeChange(e: HistoryEntryDto): string {
  const who = e.actor === null ? h.system : e.actor_name || h.unknownMember;
  const item = e.item_title ?? "";
  const kase = e.case_title ?? "";
  const q = e.quantity ?? 0;
  const diff = changes(e.before, e.after, e.action.startsWith("item.") ? h.fields.note : h.caseNote);
  switch (e.action) {
    case "orderitem.add":
      return h.add(who, item, q);
    case "orderitem.reduce":
      return h.reduce(who, item, q);
    case "orderitem.edit":
      return h.orderItemEdit(who, item) + diff;
    case "orderitem.issue":
      return h.issue(who, item, q);
    case "orderitem.receive":
      return h.receive(who, item, q);
    case "orderitem.issue_cleared":
      return h.issueCleared(who, item, q);
    case "orderitem.receive_cleared":
      return h.receiveCleared(who, item, q);
    case "orderitem.movement_undone":
      return h.movementUndone(who, item, e.before?.kind === "receive" ? h.receiveWord : h.issueWord, q);
    case "orderitem.outage_reported":
      return h.outageReported(
        who,
        item,
        e.after?.disposition === "broken" ? ja.outages.brokenKind : ja.outages.lostKind,
        q,
      );
    case "orderitem.outage_resolved":
      return h.outageResolved(
        who,
        item,
        e.before?.disposition === "broken" ? ja.outages.repaired : ja.outages.found,
        q,
      );
    case "case.create":
      return h.caseCreate(who, kase);
    case "case.update":
      return h.caseUpdate(who, kase) + diff;
    case "case.delete":
      return h.caseDelete(who, kase);
    case "case.duplicate":
      return h.caseDuplicate(who, String(e.before?.title ?? ""), kase);
    case "case.status":
      return h.caseStatus(who, kase, ja.lifecycle[(e.after?.status as CaseStatus) ?? "confirmed"]);
    case "item.create":
      return h.itemCreate(who, item, Number(e.after?.stock_quantity ?? 0));
    case "item.update":
      return h.itemUpdate(who, item) + diff;
    case "item.delete":
      return h.itemDelete(who, item);
    case "item.import":
      return h.itemImport(who, item) + diff;
    case "unit.tracking":
      return ja.units.historyTracking(who, item, e.after?.unit_tracked === true, q);
    case "unit.add":
      return ja.units.historyAdd(who, item, String(e.after?.tag ?? ""));
    case "unit.retire":
      return ja.units.historyRetire(who, item, String(e.before?.tag ?? ""));
    case "unit.update":
      return ja.units.historyUpdate(who, item, String(e.before?.tag ?? ""));
    case "set.add":
      return ja.sets.historyAdd(who, item, q);
    case "set.reduce":
      return ja.sets.historyReduce(who, item, q);
    case "set.create":
      return ja.sets.historyCreate(who, item);
    case "set.update":
      return ja.sets.historyUpdate(who, item);
    case "set.delete":
      return ja.sets.historyDelete(who, item);
    case "subrental.create":
      return ja.subrentals.historyCreate(who, String(e.after?.supplier_name ?? ""), item, q);
    case "subrental.update":
      return ja.subrentals.historyUpdate(who, String(e.after?.supplier_name ?? ""), item) + diff;
    case "subrental.status":
      return ja.subrentals.historyStatus(
        who,
        String(e.after?.supplier_name ?? ""),
        item,
        ja.subrentals.statuses[(e.after?.status as "requested") ?? "requested"],
      );
    case "member.activate":
      return h.memberActivate(who, e.member_name ?? "");
    case "member.deactivate":
      return h.memberDeactivate(who, e.member_name ?? "");
    case "member.delete":
      return h.memberDelete(who, e.member_name ?? "");
  }
}
