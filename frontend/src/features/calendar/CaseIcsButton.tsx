import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { showAlert } from "../../lib/feedback";
import { useDownloadCaseIcsMutation } from "./calendarApi";

/** カレンダーに追加（.ics）: the case as a calendar file, for one-off imports (the feed keeps calendars current). */
export function CaseIcsButton({ caseId, title }: { caseId: number; title: string }) {
  const [download, downloading] = useDownloadCaseIcsMutation();
  return (
    <Button
      label={ja.calendarFeed.downloadIcs}
      size="small"
      outlined
      loading={downloading.isLoading}
      onClick={async () => {
        const done = await download({ caseId, title });
        if ("error" in done) void showAlert(ja.calendarFeed.downloadFailed);
      }}
    />
  );
}
