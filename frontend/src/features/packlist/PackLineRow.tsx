import { ja } from "@zaiko/common/messages/ja";
import type { PackLine } from "./packLines";

const t = ja.packlist;

/**
 * A row of the pack list: a set line's heading (no tick box: its parts are what is packed and ticked), a part
 * indented under it with its units per set, or an item booked alone.
 */
export function PackLineRow({ line, hiredFrom = [] }: { line: PackLine; hiredFrom?: string[] }) {
  if (line.kind === "set")
    return (
      <tr className="packlist-set">
        <td className="packlist-tick" />
        <td>{t.setCategory}</td>
        <td className="packlist-set-title">{line.title}</td>
        <td className="packlist-qty">{t.sets(line.sets)}</td>
      </tr>
    );
  return (
    <tr className={line.kind === "part" ? "packlist-part" : undefined}>
      <td className="packlist-tick">
        <span className="packlist-box" aria-hidden="true" />
      </td>
      <td>{line.category}</td>
      <td className="packlist-item">
        {line.item}
        {line.perSet === undefined ? null : <span className="packlist-per-set">{t.perSet(line.perSet)}</span>}
        {/* Units hired for this case (docs/subrental.md): the warehouse must return them to the supplier. */}
        {hiredFrom.map((supplier) => (
          <span key={supplier} className="packlist-hire">
            {ja.subrentals.packLine(supplier)}
          </span>
        ))}
      </td>
      <td className="packlist-qty">{line.quantity}</td>
    </tr>
  );
}
