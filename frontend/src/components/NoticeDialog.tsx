import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import type { ReactNode } from "react";

interface Props {
  visible: boolean;
  title: string;
  children?: ReactNode;
  onClose: () => void;
}

/** A message with one 閉じる button (変更不可, 出庫がされていません, a server error). */
export function NoticeDialog({ visible, title, children, onClose }: Props) {
  return (
    <Dialog
      header={title}
      visible={visible}
      onHide={onClose}
      className="app-dialog"
      style={{ width: "min(600px, calc(100vw - 2rem))" }}
      draggable={false}
      resizable={false}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={ja.common.close} onClick={onClose} autoFocus />
        </div>
      }
    >
      {children}
    </Dialog>
  );
}
