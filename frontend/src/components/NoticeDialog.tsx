import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import type { ReactNode } from "react";
import { AppDialog } from "./AppDialog";

interface Props {
  visible: boolean;
  title: string;
  children?: ReactNode;
  onClose: () => void;
}

/** A message with one 閉じる button (変更不可, 出庫がされていません, a server error). */
export function NoticeDialog({ visible, title, children, onClose }: Props) {
  return (
    <AppDialog
      title={title}
      visible={visible}
      onHide={onClose}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={ja.common.close} onClick={onClose} autoFocus />
        </div>
      }
    >
      {children}
    </AppDialog>
  );
}
