import { skipToken } from "@reduxjs/toolkit/query";
import { ja } from "@zaiko/common/messages/ja";
import { ChevronLeftIcon } from "primereact/icons/chevronleft";
import { ChevronRightIcon } from "primereact/icons/chevronright";
import { useSelector } from "react-redux";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { Loading } from "../../components/layout/Loading";
import { Page } from "../../components/layout/Page";
import { businessDay } from "../../lib/dateTime";
import { selectGroupId } from "../../lib/session";
import { useMediaQuery } from "../../lib/useMediaQuery";
import { useAvailabilityTimelineQuery } from "./availabilityApi";
import { type TimelineKind, timelinePath } from "./paths";
import { Timeline } from "./Timeline";
import { TimelineLink } from "./TimelineLink";
import "../../components/CaseStatusBadge.css";
import "./availability.css";

const t = ja.availability;
/** Two weeks fit a 390 px phone (14 columns of about 25 px); four on wider screens. */
const PHONE = "(max-width: 600px)";

/**
 * /availability/{item|category|set}/{id}?from=YYYY-MM-DD (在庫タイムライン): live, by week. A set's shows its
 * parts' lanes together (docs/sets.md).
 */
export function TimelinePage() {
  const params = useParams();
  const [search] = useSearchParams();
  const kind: TimelineKind = params.kind === "category" || params.kind === "set" ? params.kind : "item";
  const id = Number(params.id);
  const from = search.get("from") ?? undefined;
  const groupId = useSelector(selectGroupId);
  const phone = useMediaQuery(PHONE);
  const valid =
    (params.kind === "item" || params.kind === "category" || params.kind === "set") &&
    Number.isInteger(id) &&
    id > 0;
  const query = useAvailabilityTimelineQuery(
    valid && groupId !== null ? { groupId, kind, id, from, weeks: phone ? 2 : 4 } : skipToken,
  );
  const data = query.data;
  const today = businessDay(new Date());
  const nav = data ? (
    <nav className="tl-nav" aria-label={t.timeline}>
      <Link to={timelinePath(kind, id, data.before)} className="p-button p-button-outlined p-button-sm">
        <ChevronLeftIcon className="app-icon" aria-hidden="true" />
        <span className="p-button-label">{t.previousWeek}</span>
      </Link>
      <Link to={timelinePath(kind, id)} className="p-button p-button-text p-button-sm">
        <span className="p-button-label">{t.thisWeek}</span>
      </Link>
      <Link to={timelinePath(kind, id, data.next)} className="p-button p-button-outlined p-button-sm">
        <span className="p-button-label">{t.nextWeek}</span>
        <ChevronRightIcon className="app-icon" aria-hidden="true" />
      </Link>
      {data.scope.kind !== "category" ? (
        <TimelineLink kind="category" id={data.scope.category_id} from={data.days[0]} />
      ) : null}
    </nav>
  ) : null;
  return (
    <Page title={data ? t.timelineTitle(data.scope.name) : t.timeline} actions={nav} width="full">
      {!valid || query.isError ? <p role="alert">{t.loadFailed}</p> : null}
      {query.isLoading ? <Loading label={ja.common.loading} /> : null}
      {data ? <Timeline data={data} today={today} /> : null}
    </Page>
  );
}
