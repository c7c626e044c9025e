import { ja } from "@zaiko/common/messages/ja";
import type { WarehouseRowDto } from "@zaiko/common/warehouse/warehouse.schema";
import { unitDto } from "../../test/units";
import { refusalOf, unitMoveBody } from "./unitScan";

const U = ja.units;

const row: WarehouseRowDto = {
  id: 7,
  item: { id: 3, title: "ワイヤレスマイク", category_name: "音響" },
  order_quantity: 2,
  start_date: "2030-04-01T00:00:00.000Z",
  end_date: "2030-04-02T00:00:00.000Z",
  issue: null,
  receive: null,
  version: 1,
  issued_quantity: 0,
  received_quantity: 0,
  lost_quantity: 0,
  broken_quantity: 0,
  units_out: [],
  outgoing: true,
  returning: false,
};

const unit = unitDto;

describe("the board's unit scan (docs/units.md)", () => {
  it("takes a unit of this item in the warehouse, and refuses each other case in words", () => {
    expect(refusalOf(row, "issue", [], unit(1))).toBeNull();
    expect(refusalOf(row, "issue", [], unit(1, { item: 9, tag: "SPK-0001" }))).toBe(
      U.notThisItem("SPK-0001", "ワイヤレスマイク"),
    );
    expect(refusalOf(row, "issue", [{ unit: unit(1), disposition: "returned" }], unit(1))).toBe(
      U.alreadyScanned("MIC-0001"),
    );
    const elsewhere = unit(2, {
      status: "out",
      out: { order_item: 99, work_case: 5, work_case_title: "市民ホール公演" },
    });
    expect(refusalOf(row, "issue", [], elsewhere)).toBe("この機材は案件「市民ホール公演」に出庫中です");
    expect(refusalOf(row, "issue", [], unit(2, { status: "lost" }))).toBe(U.lostNow("MIC-0002"));
    expect(refusalOf(row, "issue", [], unit(2, { status: "broken" }))).toBe(U.brokenNow("MIC-0002"));
    const two = [unit(1), unit(2)].map((u) => ({ unit: u, disposition: "returned" as const }));
    expect(refusalOf(row, "issue", two, unit(4))).toBe(U.tooMany(2));
  });

  it("on a receive takes only units out on this line", () => {
    const here = unit(1, { status: "out", out: { order_item: 7, work_case: 1, work_case_title: "祭り" } });
    expect(refusalOf(row, "receive", [], here)).toBeNull();
    expect(refusalOf(row, "receive", [], unit(2))).toBe(U.notOutHere("MIC-0002"));
  });

  it("sends the units read, each receive part in its list", () => {
    const reads = [
      { unit: unit(1), disposition: "returned" as const },
      { unit: unit(2), disposition: "lost" as const },
      { unit: unit(3), disposition: "broken" as const },
    ];
    expect(unitMoveBody("issue", reads.slice(0, 1), null)).toEqual({ quantity: 1, units: [1] });
    expect(unitMoveBody("receive", reads, "2030-05-01T00:00:00+09:00")).toEqual({
      quantity: 1,
      units: [1],
      lost: 1,
      lost_units: [2],
      broken: 1,
      broken_units: [3],
      repair_due: "2030-05-01T00:00:00+09:00",
    });
  });

  it("a set's parts: each takes the units of its item, up to its count", () => {
    const speakers = { ...row, id: 8, item: { id: 4, title: "スピーカー", category_name: "音響" }, count: 1 };
    const lines = [{ ...row, count: 1 }, speakers];
    const spk = unit(9, { item: 4, tag: "SPK-0001" });
    expect(refusalOf(lines, "issue", [], spk)).toBeNull();
    expect(refusalOf(lines, "issue", [{ unit: unit(1), disposition: "returned" }], unit(2))).toBe(
      U.tooMany(1),
    );
    expect(refusalOf(lines, "issue", [{ unit: unit(1), disposition: "returned" }], spk)).toBeNull();
    expect(refusalOf(lines, "issue", [], unit(5, { item: 6, tag: "LT-0001" }))).toBe(
      U.notThisItem("LT-0001", "ワイヤレスマイク、スピーカー"),
    );
  });
});
