import { ja } from "@zaiko/common/messages/ja";
import type { ShortageDto } from "../lib/allocation";

interface Props {
  shortages: ShortageDto[];
}

/** Which items a refused allocation or period change would overbook, and by how many. */
export function ShortageList({ shortages }: Props) {
  if (shortages.length === 0) return null;
  return (
    <ul className="shortage-list">
      {shortages.map((s) => (
        <li key={s.item_id}>{ja.workcases.shortageLine(s.title, s.required, s.available)}</li>
      ))}
    </ul>
  );
}
