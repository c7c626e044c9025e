import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { useEffect, useState } from "react";
import { useSelector } from "react-redux";
import { useParams } from "react-router-dom";
import { notifySuccess, showAlert } from "../../lib/feedback";
import { selectSession } from "../../lib/session";
import { useMailPreferencesQuery, useSaveMailPreferencesMutation } from "./deliveryApi";
import "./delivery.css";

const L = ja.mailSettings;

/** The choices on the profile, each a set of notification kinds. */
const CHOICES = (hours: number) =>
  [
    ["hold-expiring", L.holdExpiring(hours), ["hold.expiring"]],
    ["hold-lapsed", L.holdLapsed, ["hold.lapsed"]],
    ["case-changes", L.caseChanges, ["case.confirmed", "case.cancelled"]],
    ["overdue", L.overdue, ["orderitem.overdue"]],
    ["outages", L.outages, ["unit.lost", "unit.broken"]],
  ] as const;

/**
 * メール通知 on the member's own profile (/useredit/{own id}): which mails they receive (docs/notifications.md,
 * "E-mail"). Saved even when this server sends no mail (it then says so).
 */
export function MailSettings() {
  const { id } = useParams();
  const session = useSelector(selectSession);
  const own = session.id !== null && String(session.id) === id;
  const prefs = useMailPreferencesQuery(undefined, { skip: !own });
  const [save, saving] = useSaveMailPreferencesMutation();
  const [kinds, setKinds] = useState<Set<string>>(new Set());
  const [digest, setDigest] = useState(false);
  useEffect(() => {
    if (!prefs.data) return;
    setKinds(new Set(prefs.data.kinds));
    setDigest(prefs.data.digest);
  }, [prefs.data]);
  if (!own || !prefs.data) return null;

  const toggle = (group: readonly string[], on: boolean) => {
    const next = new Set(kinds);
    for (const k of group) on ? next.add(k) : next.delete(k);
    setKinds(next);
  };
  const submit = async () => {
    const done = await save({ kinds: [...kinds], digest });
    if ("error" in done) void showAlert(L.failed);
    else notifySuccess(L.saved);
  };

  return (
    <section className="auth-page mail-settings" aria-labelledby="mail-settings-title">
      <div className="auth-card">
        <h2 id="mail-settings-title" className="mail-settings-title">
          {L.sectionTitle}
        </h2>
        <p className="mail-settings-explain">{prefs.data.mail_enabled ? L.explain : L.off}</p>
        <div className="mail-settings-choices">
          {CHOICES(prefs.data.hold_reminder_hours).map(([key, label, group]) => (
            <div key={key} className="mail-settings-choice">
              <Checkbox
                inputId={`mail-${key}`}
                checked={group.every((k) => kinds.has(k))}
                onChange={(e) => toggle(group, e.checked === true)}
              />
              <label htmlFor={`mail-${key}`}>{label}</label>
            </div>
          ))}
          <div className="mail-settings-choice">
            <Checkbox
              inputId="mail-digest"
              checked={digest}
              onChange={(e) => setDigest(e.checked === true)}
            />
            <label htmlFor="mail-digest">{L.digest}</label>
          </div>
        </div>
        <div>
          <Button label={L.save} size="small" loading={saving.isLoading} onClick={() => void submit()} />
        </div>
      </div>
    </section>
  );
}
