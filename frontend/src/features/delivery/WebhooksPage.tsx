import { ja } from "@zaiko/common/messages/ja";
import type { WebhookDeliveryDto, WebhookDto } from "@zaiko/common/notifications/delivery.schema";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { InputText } from "primereact/inputtext";
import { type FormEvent, useState } from "react";
import { Page } from "../../components/layout/Page";
import { displayDateTime } from "../../lib/dateTime";
import { askConfirm, notifySuccess, showAlert } from "../../lib/feedback";
import {
  useAddWebhookMutation,
  useChangeWebhookMutation,
  useRemoveWebhookMutation,
  useTestWebhookMutation,
  useWebhookLogQuery,
  useWebhooksQuery,
} from "./deliveryApi";
import "./delivery.css";

const L = ja.webhooks;

const STATUS: Record<WebhookDeliveryDto["status"], string> = {
  pending: L.statusPending,
  sent: L.statusSent,
  failed: L.statusFailed,
  skipped: L.statusSkipped,
};

/** The server's message of a refused call (400 with `detail`), else the screen's own. */
const messageOf = (error: unknown) => {
  const data = (error as { data?: { detail?: unknown } } | undefined)?.data;
  return typeof data?.detail === "string" ? data.detail : L.failed;
};

/** One webhook's latest 100 deliveries, refreshed every few seconds while shown. */
function DeliveryLog({ id }: { id: number }) {
  const log = useWebhookLogQuery(id, { pollingInterval: 3_000 });
  const rows = log.data ?? [];
  return (
    <div className="webhook-log">
      <h3 className="webhook-log-title">{L.log}</h3>
      {rows.length === 0 ? (
        <p className="webhook-muted">{L.logEmpty}</p>
      ) : (
        <div className="webhook-log-scroll">
          <table className="webhook-log-table">
            <thead>
              <tr>
                <th scope="col">{L.time}</th>
                <th scope="col">{L.event}</th>
                <th scope="col">{L.status}</th>
                <th scope="col">{L.httpStatus}</th>
                <th scope="col">{L.attempts}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id} className={`webhook-log-${d.status}`}>
                  <td>{displayDateTime(d.attempted ?? d.created)}</td>
                  <td>{d.event}</td>
                  <td>{STATUS[d.status]}</td>
                  <td>{d.http_status ?? d.error ?? "—"}</td>
                  <td>{d.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function WebhookCard({ hook }: { hook: WebhookDto }) {
  const [change] = useChangeWebhookMutation();
  const [remove] = useRemoveWebhookMutation();
  const [test, testing] = useTestWebhookMutation();
  const onRemove = async () => {
    if (!(await askConfirm(L.confirmRemove))) return;
    const done = await remove(hook.id);
    if ("error" in done) void showAlert(L.failed);
    else notifySuccess(L.removed);
  };
  const onTest = async () => {
    const done = await test(hook.id);
    if ("error" in done) void showAlert(L.failed);
    else notifySuccess(L.testQueued);
  };
  return (
    <li className="webhook-card">
      <div className="webhook-card-head">
        <code className="webhook-url">{hook.url}</code>
        <span className="webhook-muted">{hook.format === "slack" ? L.formatSlack : L.formatJson}</span>
      </div>
      <div className="webhook-card-actions">
        <div className="webhook-active">
          <Checkbox
            inputId={`webhook-active-${hook.id}`}
            checked={hook.active}
            onChange={(e) => void change({ id: hook.id, active: e.checked === true })}
          />
          <label htmlFor={`webhook-active-${hook.id}`}>{L.active}</label>
        </div>
        <Button
          label={L.test}
          size="small"
          outlined
          loading={testing.isLoading}
          onClick={() => void onTest()}
        />
        <Button label={L.remove} size="small" severity="danger" text onClick={() => void onRemove()} />
      </div>
      <DeliveryLog id={hook.id} />
    </li>
  );
}

/** /webhooks (owners): the group's webhooks, their delivery logs, a test button (docs/notifications.md). */
export function WebhooksPage() {
  const hooks = useWebhooksQuery();
  const [add, adding] = useAddWebhookMutation();
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<"json" | "slack">("json");
  const [secret, setSecret] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const made = await add({ url: url.trim(), format });
    if ("error" in made) {
      void showAlert(messageOf(made.error));
      return;
    }
    setSecret(made.data.secret);
    setUrl("");
    notifySuccess(L.added);
  };
  const list = hooks.data ?? [];
  return (
    <Page title={L.title}>
      <p className="webhook-explain">{L.explain}</p>
      <form className="webhook-form" onSubmit={(e) => void submit(e)}>
        <div className="webhook-field">
          <label htmlFor="webhook-url">{L.url}</label>
          <InputText
            id="webhook-url"
            value={url}
            inputMode="url"
            placeholder="https://"
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <div className="webhook-field">
          <label htmlFor="webhook-format">{L.format}</label>
          <select
            id="webhook-format"
            className="p-inputtext webhook-select"
            value={format}
            onChange={(e) => setFormat(e.target.value === "slack" ? "slack" : "json")}
          >
            <option value="json">{L.formatJson}</option>
            <option value="slack">{L.formatSlack}</option>
          </select>
        </div>
        <Button type="submit" label={L.add} loading={adding.isLoading} disabled={url.trim() === ""} />
      </form>
      {secret ? (
        <div className="webhook-secret">
          <label htmlFor="webhook-secret">{L.secret}</label>
          <InputText id="webhook-secret" value={secret} readOnly onFocus={(e) => e.target.select()} />
          <p className="webhook-muted">{L.secretNote}</p>
        </div>
      ) : null}
      {hooks.isSuccess && list.length === 0 ? <p className="webhook-muted">{L.empty}</p> : null}
      <ul className="webhook-list">
        {list.map((hook) => (
          <WebhookCard key={hook.id} hook={hook} />
        ))}
      </ul>
    </Page>
  );
}
