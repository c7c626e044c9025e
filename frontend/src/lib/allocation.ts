/**
 * The work case and allocation shapes (API.md "Objects"), from common/, gathered here for the two
 * features that use them (work case list, case detail); features never import each other. What a refused
 * write says is read by lib/shortages.ts, the case room is joined by lib/caseRoom.ts.
 */
export type { Shortage as ShortageDto } from "@zaiko/common/availability/index";
export type {
  AllocationResultDto,
  OrderItemDto,
  SummaryRowDto,
  TentativeHoldDto,
} from "@zaiko/common/orderitems/orderitems.schema";
export type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
