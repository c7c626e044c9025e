import type { UnitDto } from "@zaiko/common/units/units.schema";

/**
 * A unit as the server sends it: ワイヤレスマイク MIC-000{id} (item 3, 音響), in the warehouse; `over` sets what a
 * test is about (another item, its state, where it is out).
 */
export const unitDto = (id: number, over: Partial<UnitDto> = {}): UnitDto => ({
  id,
  item: 3,
  item_title: "ワイヤレスマイク",
  category_name: "音響",
  tag: `MIC-000${id}`,
  serial: "",
  memo: "",
  status: "in",
  out: null,
  outage: null,
  repairs: 0,
  retired_at: null,
  created: "2030-01-01T00:00:00.000Z",
  version: 1,
  ...over,
});
