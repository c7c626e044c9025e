import { ja } from "@zaiko/common/messages/ja";
import { describeNotification } from "@zaiko/common/notifications/describe";
import type { NotificationDto } from "@zaiko/common/notifications/notifications.schema";
import { Button } from "primereact/button";
import { Link, useNavigate } from "react-router-dom";
import { Loading } from "../../components/layout/Loading";
import { Page } from "../../components/layout/Page";
import { displayDateTime } from "../../lib/dateTime";
import {
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
} from "./notificationsApi";
import "./notifications.css";

const L = ja.notifications;

/** One line of the list: what happened, when, and the way to the case (opening it marks it read). */
function NotificationRow({ n }: { n: NotificationDto }) {
  const [markRead] = useMarkNotificationReadMutation();
  const navigate = useNavigate();
  const caseLink = n.work_case === null ? null : `/orderitems/${n.work_case}`;
  return (
    <li className={`notification${n.read ? "" : " is-unread"}`}>
      <div className="notification-body">
        {n.read ? null : <span className="notification-dot" aria-hidden="true" />}
        <p className="notification-text">
          {n.read ? null : <span className="notification-unread-label">{L.unreadBadge}：</span>}
          {describeNotification(n, displayDateTime)}
        </p>
        <time className="notification-time" dateTime={n.at}>
          {displayDateTime(n.at)}
        </time>
      </div>
      <div className="notification-actions">
        {caseLink ? (
          <Link
            to={caseLink}
            className="p-button p-button-sm p-button-outlined notification-open"
            onClick={(event) => {
              if (n.read) return;
              event.preventDefault();
              // Read first, then go: the bell on the case screen already shows one fewer.
              void markRead(n.id).finally(() => navigate(caseLink));
            }}
          >
            {L.openCase}
          </Link>
        ) : null}
        {n.read ? null : <Button label={L.markRead} size="small" text onClick={() => void markRead(n.id)} />}
      </div>
    </li>
  );
}

/** お知らせ (/notifications): the member's notifications, newest first, unread ones marked. */
export function NotificationsPage() {
  const { data, isLoading, isError } = useNotificationsQuery();
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation();
  const unread = data?.unread ?? 0;
  return (
    <Page
      title={L.title}
      width="narrow"
      actions={
        <Button
          label={L.markAllRead}
          size="small"
          outlined
          disabled={unread === 0}
          loading={markingAll.isLoading}
          onClick={() => void markAll()}
        />
      }
    >
      {isLoading ? <Loading label={ja.common.loading} /> : null}
      {isError ? <p className="notifications-error">{L.fetchFailed}</p> : null}
      {data && data.results.length === 0 ? <p className="notifications-empty">{L.empty}</p> : null}
      {data && data.results.length > 0 ? (
        <ul className="notifications" aria-label={L.title}>
          {data.results.map((n) => (
            <NotificationRow key={n.id} n={n} />
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
