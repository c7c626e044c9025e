import type { TimelineDto, TimelineItemDto } from "@zaiko/common/availability/insight.schema";
import { ja } from "@zaiko/common/messages/ja";
import { ExclamationTriangleIcon } from "primereact/icons/exclamationtriangle";
import { Link } from "react-router-dom";
import { displayDateTime } from "../../lib/dateTime";
import { placeBars } from "./lanes";
import { casePath, timelinePath } from "./paths";

const t = ja.availability;

/** A day's state against stock: free units left, none left (空きなし), or more booked than stock (不足). */
export function dayState(peak: number, stock: number): "idle" | "used" | "full" | "short" {
  if (peak > stock) return "short";
  if (peak > 0 && peak === stock) return "full";
  if (stock === 0) return "full";
  return peak > 0 ? "used" : "idle";
}

/** An outage not found or repaired yet ends at the server's end of time (year 9999). */
const isOpenEnd = (iso: string) => new Date(iso).getUTCFullYear() >= 9999;

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const dayClass = (day: string, today: string | null, index = -1) =>
  [
    weekday(day) === 0 ? "tl-sun" : "",
    weekday(day) === 6 ? "tl-sat" : "",
    day === today ? "tl-today" : "",
    index > 0 && index % 7 === 0 ? "tl-week-start" : "",
  ]
    .filter(Boolean)
    .join(" ");

/**
 * "3/2(火)" as two lines on narrow columns: "3/2" over "火". The month is its own span: on a phone
 * (14 columns of ~25 px) only the first column and the 1st of a month keep it, so the days read
 * 11/28 29 30 12/1 instead of running together as 11/2811/2911/30 (issue 36).
 */
function DayLabel({ label, monthShown }: { label: string; monthShown: boolean }) {
  const [date = "", rest = ""] = label.split("(");
  const [month, day] = date.includes("/") ? date.split("/") : ["", date];
  return (
    <>
      <span className="tl-day-date">
        {month ? (
          <span className={monthShown ? "tl-day-month" : "tl-day-month tl-day-month-repeat"}>{month}/</span>
        ) : null}
        {day}
      </span>
      <span className="tl-day-weekday">{rest.replace(")", "")}</span>
    </>
  );
}

function ItemRow({ item, data, today }: { item: TimelineItemDto; data: TimelineDto; today: string | null }) {
  const from = Date.parse(data.from);
  const to = Date.parse(data.to);
  const placed = placeBars(item.bars, from, to);
  const caseLanes = placed.reduce((n, p) => Math.max(n, p.lane + 1), 0);
  // Hired units (外部手配, docs/subrental.md): each hire its own bar in a lane under the cases, by supplier.
  const hires = item.hires ?? [];
  const lanes = caseLanes + hires.length;
  const title =
    data.scope.kind === "category" ? (
      <Link to={timelinePath("item", item.id, data.days[0])}>{item.title}</Link>
    ) : (
      item.title
    );
  return (
    <section className="tl-item" aria-label={item.title}>
      <div className="tl-item-head">
        <h2 className="tl-item-title">{title}</h2>
        <span className="tl-item-stock">{t.stock(item.stock_quantity)}</span>
      </div>
      <div className="tl-lanes" style={{ height: `${Math.max(1, lanes) * 1.75}rem` }}>
        <div className="tl-grid" aria-hidden="true">
          {data.days.map((day, i) => (
            <span key={day} className={dayClass(day, today, i)} />
          ))}
        </div>
        {placed.length === 0 && hires.length === 0 ? <p className="tl-empty">{t.noBookings}</p> : null}
        {hires.map((hire, i) => {
          const start = Date.parse(hire.start_date);
          const end = Date.parse(hire.end_date);
          const span = Math.max(1, to - from);
          const left = Math.max(0, (start - from) / span) * 100;
          const right = Math.min(1, (end - from) / span) * 100;
          const label = ja.subrentals.barLabel(
            hire.supplier_name,
            hire.quantity,
            displayDateTime(hire.start_date),
            displayDateTime(hire.end_date),
          );
          return (
            <span
              key={`hire-${hire.sub_rental_id}`}
              role="img"
              className="tl-bar tl-bar-hired"
              style={{
                left: `${left}%`,
                width: `${Math.max(0.6, right - left)}%`,
                top: `${(caseLanes + i) * 1.75}rem`,
              }}
              title={label}
              aria-label={label}
            >
              <span className="tl-bar-text">
                <strong>{hire.quantity}</strong>
                <span className="tl-bar-name"> {hire.supplier_name}</span>
              </span>
            </span>
          );
        })}
        {placed.flatMap(({ before, after }, i) => {
          // Turnaround (点検・準備): its own hatched bar beside the booking's, named with its period.
          const { bar, lane } = placed[i]!;
          const top = `${lane * 1.75}rem`;
          const parts = [
            [before, bar.held_from, bar.start_date, "before"],
            [after, bar.end_date, bar.held_until, "after"],
          ] as const;
          return parts.flatMap(([segment, start, end, side]) => {
            if (!segment) return [];
            const label = ja.turnaround.barLabel(
              bar.case_title,
              displayDateTime(start),
              displayDateTime(end),
            );
            return [
              <span
                key={`${bar.case_id}-${bar.start_date}-${side}`}
                role="img"
                className="tl-bar tl-bar-turnaround"
                style={{ left: `${segment.left}%`, width: `${segment.width}%`, top }}
                title={label}
                aria-label={label}
              />,
            ];
          });
        })}
        {placed.map(({ bar, lane, left, width, clippedStart, clippedEnd }) => {
          // Lost / broken units hold stock until found or repaired: their own kind of bar, never a
          // green 本予約 of the case that reported them, and 未解決 instead of the open end's year 9999.
          const outage = bar.out_of_service;
          const end = outage && isOpenEnd(bar.end_date) ? t.unresolved : displayDateTime(bar.end_date);
          const label = outage
            ? t.outageBarLabel(bar.case_title, bar.quantity, displayDateTime(bar.start_date), end)
            : t.barLabel(
                bar.case_title,
                ja.lifecycle[bar.status],
                bar.quantity,
                displayDateTime(bar.start_date),
                end,
              );
          return (
            <Link
              key={`${bar.case_id}-${bar.start_date}-${outage ? "out" : "in"}`}
              to={casePath(bar.case_id)}
              className={`tl-bar tl-bar-${outage ? "outage" : bar.status}${clippedStart ? " tl-bar-from-before" : ""}${clippedEnd ? " tl-bar-goes-on" : ""}`}
              style={{ left: `${left}%`, width: `${width}%`, top: `${lane * 1.75}rem` }}
              title={label}
              aria-label={label}
            >
              <span className="tl-bar-text">
                <strong>{bar.quantity}</strong>
                {/* Hidden on a bar too narrow for a few characters of it (availability.css): the tooltip names it. */}
                <span className="tl-bar-name">
                  {" "}
                  {outage ? t.outageBarText(bar.case_title) : bar.case_title}
                </span>
              </span>
            </Link>
          );
        })}
      </div>
      <ol className="tl-peaks" aria-label={t.timelineTitle(item.title)}>
        {item.daily_peaks.map((peak, i) => {
          const day = data.days[i] ?? "";
          // Stock that day with the hired units counted as every check counts them (daily_free).
          const free = item.daily_free?.[i];
          const stock = free === undefined ? item.stock_quantity : peak + free;
          const state = dayState(peak, stock);
          const note = state === "full" ? t.full : state === "short" ? t.short(peak - stock) : "";
          return (
            <li
              key={day}
              className={`tl-peak tl-peak-${state} ${dayClass(day, today, i)}`}
              aria-label={`${t.peakOf(data.labels[i] ?? day, peak, stock)}${note ? `（${note}）` : ""}`}
              title={`${t.peakOf(data.labels[i] ?? day, peak, stock)}${note ? `（${note}）` : ""}`}
            >
              {state === "short" ? <ExclamationTriangleIcon className="app-icon" aria-hidden="true" /> : null}
              <span>{peak}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The weeks of an item or a category: day columns, each item's cases as bars and each day's peak. */
export function Timeline({ data, today }: { data: TimelineDto; today: string | null }) {
  return (
    <div className="timeline" style={{ ["--tl-days" as string]: data.days.length }}>
      <div className="tl-head" aria-hidden="true">
        {data.labels.map((label, i) => (
          <span key={data.days[i]} className={`tl-day ${dayClass(data.days[i] ?? "", today)}`}>
            <DayLabel label={label} monthShown={i === 0 || (data.days[i] ?? "").endsWith("-01")} />
          </span>
        ))}
      </div>
      {data.items.length === 0 ? <p className="tl-empty-all">{t.noItems}</p> : null}
      {data.items.map((item) => (
        <ItemRow key={item.id} item={item} data={data} today={today} />
      ))}
      <p className="tl-legend">
        <span className="tl-legend-chip tl-peak-full" /> {t.fullLegend}
        <span className="tl-legend-chip tl-peak-short" /> {t.shortLegend}
        <span className="case-status-chip case-status-confirmed">{ja.lifecycle.confirmed}</span>
        <span className="case-status-chip case-status-tentative">{ja.lifecycle.tentative}</span>
        <span className="tl-legend-chip tl-bar-outage" /> {t.outage}
        <span className="tl-legend-chip tl-bar-turnaround" /> {ja.turnaround.legend}
        <span className="tl-legend-chip tl-bar-hired" /> {ja.subrentals.hiredLegend}
      </p>
    </div>
  );
}
