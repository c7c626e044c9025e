import { ja } from "@zaiko/common/messages/ja";
import { AngleLeftIcon } from "primereact/icons/angleleft";
import { AngleRightIcon } from "primereact/icons/angleright";
import type { ComponentType } from "react";
import { Link } from "react-router-dom";
import type { IconProps } from "../../components/icons/InlineIcons";
import { businessDay } from "../../lib/dateTime";
import { weekPath } from "./weekLinks";

interface Props {
  /** The server's "YYYY-MM-DD" of the previous and next week; undefined while loading. */
  before: string | undefined;
  next: string | undefined;
  /** Kept across weeks, so moving week does not lose what the user searches for. */
  search: string;
}

/** "2026-11-15" as the app writes days elsewhere (2026/11/15); the dash form read as a code. */
export function weekLabel(date: string | undefined): string {
  return date ? date.replaceAll("-", "/") : "—";
}

function WeekLink({
  date,
  label,
  icon: Icon,
  search,
  iconRight = false,
}: {
  date: string | undefined;
  label: string;
  icon: ComponentType<IconProps>;
  search: string;
  iconRight?: boolean;
}) {
  const to = weekPath(date, search);
  const content = (
    <>
      {iconRight ? null : <Icon className="app-icon" aria-hidden="true" />}
      <span>{weekLabel(date)}</span>
      {iconRight ? <Icon className="app-icon" aria-hidden="true" /> : null}
    </>
  );
  // Inert while no date is set: a link to nowhere would reload the same week.
  if (!to) {
    return (
      <button
        type="button"
        disabled
        aria-label={label}
        className="p-button p-button-outlined p-disabled week-link"
      >
        {content}
      </button>
    );
  }
  return (
    <Link
      to={to}
      className="p-button p-button-outlined week-link"
      aria-label={ja.itemList.weekOf(label, weekLabel(date))}
    >
      {content}
    </Link>
  );
}

/**
 * 前の週 / 今週 / 次の週: links to /item/YYYY/MM/DD of the server's before and next dates, labelled with
 * those dates, and back to the week of today (in the business time zone).
 */
export function WeekNav({ before, next, search }: Props) {
  const today = weekPath(businessDay(new Date()) ?? undefined, search);
  return (
    <nav className="week-nav" aria-label={`${ja.itemList.previousWeek} / ${ja.itemList.nextWeek}`}>
      <WeekLink date={before} label={ja.itemList.previousWeek} icon={AngleLeftIcon} search={search} />
      {today ? (
        <Link to={today} className="p-button p-button-outlined week-link week-link-today">
          {ja.itemList.thisWeek}
        </Link>
      ) : null}
      <WeekLink date={next} label={ja.itemList.nextWeek} icon={AngleRightIcon} search={search} iconRight />
    </nav>
  );
}
