import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { AppDialog } from "../../components/AppDialog";
import { DateTimeField } from "../../components/form/DateTimeField";

const L = ja.lifecycle;

interface Props {
  visible: boolean;
  holdUntil: Date | null;
  onChange: (value: Date | null) => void;
  busy: boolean;
  onSave: () => void;
  onCancel: () => void;
}

/** 期限を変更 / 仮押さえで再開 (CaseStatusActions): the hold's deadline. */
export function HoldUntilDialog({ visible, holdUntil, onChange, busy, onSave, onCancel }: Props) {
  return (
    <AppDialog
      title={L.holdDialogTitle}
      visible={visible}
      onHide={onCancel}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={ja.common.cancel} outlined onClick={onCancel} />
          <Button type="button" label={L.save} disabled={!holdUntil} loading={busy} onClick={onSave} />
        </div>
      }
    >
      <DateTimeField label={L.holdUntil} value={holdUntil} onChange={onChange} />
    </AppDialog>
  );
}
