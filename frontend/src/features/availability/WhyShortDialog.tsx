import { ja } from "@zaiko/common/messages/ja";
import { AppDialog } from "../../components/AppDialog";
import { type HoldersArgs, useItemHoldersQuery } from "./availabilityApi";
import { WhyShortPanel } from "./WhyShortPanel";

const t = ja.availability;

function WhyShortBody({ args }: { args: HoldersArgs }) {
  const query = useItemHoldersQuery(args);
  if (query.data) return <WhyShortPanel data={query.data} />;
  if (query.isError) return <p role="alert">{t.loadFailed}</p>;
  return <p>{t.loading}</p>;
}

interface Props {
  visible: boolean;
  itemTitle: string;
  /** The holders to ask for; null while there is no group (nothing is asked). */
  args: HoldersArgs | null;
  onHide: () => void;
}

/** 理由's dialog (WhyShortButton): which cases hold the item, live while open. */
export function WhyShortDialog({ visible, itemTitle, args, onHide }: Props) {
  return (
    <AppDialog title={t.whyTitle(itemTitle)} visible={visible} onHide={onHide}>
      {visible && args !== null ? <WhyShortBody args={args} /> : null}
    </AppDialog>
  );
}
