import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { useState } from "react";
import { useSelector } from "react-redux";
import { useParams } from "react-router-dom";
import { displayDateTime } from "../../lib/dateTime";
import { askConfirm, notifySuccess, showAlert } from "../../lib/feedback";
import { selectSession } from "../../lib/session";
import {
  useCalendarFeedQuery,
  useRegenerateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} from "./calendarApi";
import "./calendar.css";

const L = ja.calendarFeed;

/**
 * カレンダー連携 on the member's own profile (/useredit/{own id}): make, copy, remake or revoke the secret URL
 * of the group's cases. The server keeps only a hash, so the URL is shown once, right after it is made.
 */
export function CalendarFeedSettings() {
  const { id } = useParams();
  const session = useSelector(selectSession);
  const own = session.id !== null && String(session.id) === id;
  const status = useCalendarFeedQuery(undefined, { skip: !own });
  const [regenerate, regenerating] = useRegenerateCalendarFeedMutation();
  const [revoke, revoking] = useRevokeCalendarFeedMutation();
  const [url, setUrl] = useState<string | null>(null);
  if (!own) return null;

  const active = status.data?.active === true;
  const make = async () => {
    if (active && !(await askConfirm(L.confirmRegenerate))) return;
    const made = await regenerate();
    if ("data" in made && made.data) setUrl(made.data.url);
    else void showAlert(L.failed);
  };
  const end = async () => {
    if (!(await askConfirm(L.confirmRevoke))) return;
    const done = await revoke();
    if ("error" in done) void showAlert(L.failed);
    else {
      setUrl(null);
      notifySuccess(L.revoked);
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(L.copied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field is selected for a manual copy.
      (document.getElementById("calendar-feed-url") as HTMLInputElement | null)?.select();
    }
  };

  return (
    <section className="auth-page calendar-feed" aria-labelledby="calendar-feed-title">
      <div className="auth-card">
        <h2 id="calendar-feed-title" className="calendar-feed-title">
          {L.sectionTitle}
        </h2>
        <p className="calendar-feed-explain">{L.explain}</p>
        {url ? (
          <div className="calendar-feed-url">
            <label htmlFor="calendar-feed-url">{L.urlLabel}</label>
            <div className="calendar-feed-url-row">
              <InputText id="calendar-feed-url" value={url} readOnly onFocus={(e) => e.target.select()} />
              <Button label={L.copy} size="small" onClick={() => void copy()} />
            </div>
            <p className="calendar-feed-note">{L.newUrlNote}</p>
          </div>
        ) : (
          <p className="calendar-feed-status">
            {active && status.data?.created
              ? L.activeSince(displayDateTime(status.data.created))
              : L.inactive}
          </p>
        )}
        <div className="calendar-feed-actions">
          <Button
            label={active ? L.regenerate : L.create}
            size="small"
            outlined={active}
            loading={regenerating.isLoading}
            onClick={() => void make()}
          />
          {active ? (
            <Button
              label={L.revoke}
              size="small"
              severity="danger"
              text
              loading={revoking.isLoading}
              onClick={() => void end()}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
