import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import { newLiveRowsMemory } from "@zaiko/common/realtime/liveRows";
import type { WarehouseBoardDto, WarehouseRowDto } from "@zaiko/common/warehouse/warehouse.schema";
import { applyOrderItem, removeOrderItem } from "./boardUpdates";

const START = "2026-11-22T09:00:00+09:00";
const END = "2026-11-23T18:00:00+09:00";

const row = (outgoing: boolean): WarehouseRowDto => ({
  id: 1,
  item: { id: 11, title: "スピーカー", category_name: "音響" },
  order_quantity: 2,
  start_date: START,
  end_date: END,
  issue: null,
  receive: null,
  issued_quantity: 0,
  received_quantity: 0,
  lost_quantity: 0,
  broken_quantity: 0,
  version: 1,
  outgoing,
  returning: !outgoing,
});

/** One order item shown twice: 出庫 today and 入庫 tomorrow. */
function board(): WarehouseBoardDto {
  const kase = (r: WarehouseRowDto) => ({
    id: 5,
    title: "秋祭り",
    start_date: START,
    end_date: END,
    rows: [r],
  });
  return {
    overdue: [],
    days: [
      { date: "2026-11-22", label: "11/22(日)", cases: [kase(row(true))] },
      { date: "2026-11-23", label: "11/23(月)", cases: [kase(row(false))] },
    ],
    from: "2026-11-21T15:00:00.000Z",
    to: "2026-11-23T15:00:00.000Z",
    now: "2026-11-22T01:00:00.000Z",
  };
}

const orderItem = (version: number, extra: Partial<OrderItemDto> = {}): OrderItemDto => ({
  id: 1,
  version,
  items: { id: 11, title: "スピーカー", category_name: "音響", unit_tracked: false },
  work_case: 5,
  order_quantity: 2,
  start_date: START,
  end_date: END,
  issue: null,
  receive: null,
  issued_quantity: 0,
  received_quantity: 0,
  units_out: [],
  note: "",
  category: "音響",
  ...extra,
});

const shown = (b: WarehouseBoardDto) => b.days.flatMap((d) => d.cases.flatMap((c) => c.rows));

describe("applyOrderItem on the warehouse board", () => {
  it("changes every copy of the row to a newer version, and no older or equal one after it", () => {
    const b = board();
    const memory = newLiveRowsMemory();
    const issued = "2026-11-22T09:05:00+09:00";
    expect(applyOrderItem(b, orderItem(3, { issue: issued, order_quantity: 4 }), memory)).toBe("applied");
    // Version 2 was committed before 3 but arrives after it (another app process published it later).
    expect(applyOrderItem(b, orderItem(2, { issue: null, order_quantity: 3 }), memory)).toBe("ignore");
    expect(applyOrderItem(b, orderItem(3, { issue: null }), memory)).toBe("ignore");
    expect(shown(b).map((r) => [r.issue, r.order_quantity, r.version])).toEqual([
      [issued, 4, 3],
      [issued, 4, 3],
    ]);
  });

  it("a tracked line's chips become the units out of the newer version; a count line gets none", () => {
    const b = board();
    for (const r of shown(b)) r.units_out = [];
    const memory = newLiveRowsMemory();
    const tracked = { items: { id: 11, title: "スピーカー", category_name: "音響", unit_tracked: true } };
    const out = [
      { id: 7, tag: "SP-0001" },
      { id: 8, tag: "SP-0002" },
    ];
    applyOrderItem(b, orderItem(2, { ...tracked, issued_quantity: 2, units_out: out }), memory);
    expect(shown(b).map((r) => r.units_out)).toEqual([out, out]);
    // An older state arriving late changes nothing.
    applyOrderItem(b, orderItem(1, { ...tracked, units_out: [] }), memory);
    expect(shown(b).map((r) => r.units_out)).toEqual([out, out]);
    // Tracking stopped: the line is a count line again.
    applyOrderItem(b, orderItem(3, { issued_quantity: 2 }), memory);
    expect(shown(b).map((r) => "units_out" in r)).toEqual([false, false]);
  });

  it("an older state with another period asks for no refetch; a newer one does", () => {
    const b = board();
    const memory = newLiveRowsMemory();
    applyOrderItem(b, orderItem(3), memory);
    const moved = { start_date: "2026-11-25T09:00:00+09:00", end_date: "2026-11-26T18:00:00+09:00" };
    expect(applyOrderItem(b, orderItem(2, moved), memory)).toBe("ignore");
    expect(applyOrderItem(b, orderItem(4, moved), memory)).toBe("refetch");
  });

  it("a deleted order item stays gone: its late upsert is ignored, whatever its version", () => {
    const b = board();
    const memory = newLiveRowsMemory();
    removeOrderItem(b, 1, memory);
    expect(b.days.every((d) => d.cases.length === 0)).toBe(true);
    // Within the board's days: without the remembered delete this asked for a refetch of the board.
    expect(applyOrderItem(b, orderItem(7, { order_quantity: 3 }), memory)).toBe("ignore");
    expect(shown(b)).toEqual([]);
  });
});
