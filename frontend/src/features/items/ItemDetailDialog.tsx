import type { ItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { hoursText } from "@zaiko/common/catalogue/turnaroundHours";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { PencilIcon } from "primereact/icons/pencil";
import { TrashIcon } from "primereact/icons/trash";
import { lazy, Suspense } from "react";
import { AppDialog } from "../../components/AppDialog";
import { primeIcon } from "../../components/icons/primeIcon";
import { displayDateTime } from "../../lib/dateTime";
import { TimelineLink } from "../availability";
import { ActivityPanel } from "../history";
import { ItemHires } from "../subrentals";
import { ItemOutages } from "./ItemOutages";

// 個体管理 (docs/units.md): its own chunk, loaded with the open detail (the route's list of chunks stays short).
const ItemUnits = lazy(async () => ({ default: (await import("../units")).ItemUnits }));

/** The item's 点検・準備時間 when it has any (nothing is shown for an item without: the screen as before). */
function TurnaroundRow({ item }: { item: ItemDto }) {
  const after = item.effective_turnaround_after_minutes;
  const before = item.effective_turnaround_before_minutes;
  if (!after && !before) return null;
  const own = item.turnaround_after_minutes !== null || item.turnaround_before_minutes !== null;
  const t = ja.turnaround;
  return (
    <>
      <dt>{t.title}</dt>
      <dd>
        {t.detailValue(t.hours(hoursText(after)), t.hours(hoursText(before)))}
        {own ? "" : t.fromCategory}
      </dd>
    </>
  );
}

const deleteIcon = primeIcon(TrashIcon);
const editIcon = primeIcon(PencilIcon);

interface Props {
  item: ItemDto | null;
  visible: boolean;
  onEdit: (item: ItemDto) => void;
  onDelete: (item: ItemDto) => void;
  onClose: () => void;
  /** The shown week's first day ("YYYY-MM-DD"): the timelines start there. */
  weekStart?: string;
}

/**
 * アイテム詳細: name, category, stock, memo and created date, the units out of service (紛失・故障) with their
 * 発見 / 修理完了 actions, and 編集, 削除 and 閉じる; links to the item's and its category's timelines; below,
 * its 履歴.
 */
export function ItemDetailDialog({ item, visible, onEdit, onDelete, onClose, weekStart }: Props) {
  return (
    <AppDialog
      title={ja.itemList.detailTitle}
      visible={visible}
      onHide={onClose}
      footer={
        item ? (
          <div className="dialog-footer">
            <Button
              type="button"
              label={ja.itemList.delete}
              icon={deleteIcon}
              severity="danger"
              outlined
              onClick={() => onDelete(item)}
            />
            <Button type="button" label={ja.itemList.edit} icon={editIcon} onClick={() => onEdit(item)} />
            <Button type="button" label={ja.itemList.close} outlined onClick={onClose} />
          </div>
        ) : null
      }
    >
      {item ? (
        <dl className="item-detail">
          <dt>{ja.itemList.title}</dt>
          <dd>{item.title}</dd>
          <dt>{ja.itemList.category}</dt>
          <dd>{item.category_name}</dd>
          <dt>{ja.itemList.stock}</dt>
          <dd>{item.stock_quantity}</dd>
          <TurnaroundRow item={item} />
          <dt>{ja.itemList.detailNote}</dt>
          <dd className="item-detail-note">{item.note}</dd>
          <dt>{ja.itemList.created}</dt>
          <dd>{displayDateTime(item.created)}</dd>
        </dl>
      ) : null}
      {item ? (
        <div className="item-detail-links">
          <TimelineLink kind="item" id={item.id} from={weekStart} />
          <TimelineLink kind="category" id={item.category} from={weekStart} />
        </div>
      ) : null}
      {item && visible ? <ItemOutages itemId={item.id} stock={item.stock_quantity} /> : null}
      {item && visible ? <ItemHires itemId={item.id} /> : null}
      {item && visible ? (
        <Suspense fallback={null}>
          <ItemUnits item={item} />
        </Suspense>
      ) : null}
      {item && visible ? <ActivityPanel target={{ itemId: item.id }} title={ja.history.itemTitle} /> : null}
    </AppDialog>
  );
}
