import { ja } from "@zaiko/common/messages/ja";
import { serverDetail, statusOf } from "../../lib/errors";

/**
 * A refusal of a spec toggle or of a count-only movement because the line is tracked by unit and its units must
 * be named (docs/units.md): the screens open the unit scan instead of showing it.
 */
export function unitsMustBeNamed(error: unknown): boolean {
  return statusOf(error) === 409 && serverDetail(error as never) === ja.units.unitsRequired;
}
