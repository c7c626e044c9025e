import { OverdueWarningList } from "../../components/OverdueWarningList";
import { useOverdueWarningsQuery } from "./overdueApi";

/** 案件詳細's warning: items other cases have not brought back after their end leave this case short. */
export function OverdueWarning({ caseId }: { caseId: number }) {
  const { data } = useOverdueWarningsQuery(caseId, { refetchOnMountOrArgChange: true });
  return <OverdueWarningList warnings={data} />;
}
