import type { HolderDto, HoldersDto } from "@zaiko/common/availability/insight.schema";
import { ja } from "@zaiko/common/messages/ja";
import { Link } from "react-router-dom";
import { ChartBarIcon } from "../../components/icons/glyphs/ChartBarIcon";
import { ClockIcon } from "../../components/icons/glyphs/ClockIcon";
import { businessDay, businessTimeOfDay, displayDateTime } from "../../lib/dateTime";
import { displayFreeFrom } from "./freeFrom";
import { casePath, timelinePath } from "./paths";
import "../../components/CaseStatusBadge.css";
import "./availability.css";

const t = ja.availability;

/** An instant beside another: its time alone on the same business day, else its date and time. */
const besides = (instant: string, other: string) =>
  businessDay(instant) === businessDay(other) ? businessTimeOfDay(instant) : displayDateTime(instant);

/**
 * The turnaround (点検・準備時間) that makes a holder hold beyond its own period: 「点検中：〜20:00」 after its end,
 * 「準備中：08:00〜」 before its start (docs/availability.md).
 */
function TurnaroundNote({ holder }: { holder: HolderDto }) {
  const after = holder.held_until !== holder.end_date;
  const before = holder.held_from !== holder.start_date;
  if (!after && !before) return null;
  return (
    <span className="why-turnaround">
      {[
        before ? ja.turnaround.preparingFrom(besides(holder.held_from, holder.start_date)) : null,
        after ? ja.turnaround.checkingUntil(besides(holder.held_until, holder.end_date)) : null,
      ]
        .filter(Boolean)
        .join("・")}
    </span>
  );
}

function HolderLine({ holder }: { holder: HolderDto }) {
  return (
    <li className="why-holder">
      <Link to={casePath(holder.case_id)} className="why-holder-title">
        {holder.case_title}
      </Link>
      {holder.out_of_service ? (
        <span className="case-status-chip case-status-cancelled">{ja.outages.outOfService}</span>
      ) : (
        <span className={`case-status-chip case-status-${holder.status}`}>{ja.lifecycle[holder.status]}</span>
      )}
      <span className="why-holder-quantity">{t.holderQuantity(holder.quantity)}</span>
      <span className="why-holder-period">
        {holder.out_of_service && holder.end_date.startsWith("9999")
          ? t.outOfServiceSince(displayDateTime(holder.start_date))
          : t.holderPeriod(displayDateTime(holder.start_date), displayDateTime(holder.end_date))}
      </span>
      <TurnaroundNote holder={holder} />
      {!holder.out_of_service && holder.status === "tentative" && holder.hold_until ? (
        <span className="case-status-info">
          {t.holderHold(
            displayDateTime(holder.hold_until),
            holder.held_by_name ?? ja.lifecycle.unknownHolder,
          )}
        </span>
      ) : null}
    </li>
  );
}

/** Which cases hold the item over the window, and from when the wanted units are free (docs/availability.md). */
export function WhyShortPanel({ data }: { data: HoldersDto }) {
  const free =
    data.free_from === null
      ? t.neverFree(data.item.stock_quantity)
      : data.free_from === data.start_date
        ? t.freeNow
        : t.freeFrom(displayFreeFrom(data.free_from));
  return (
    <div className="why-short">
      <p className="why-wanted">
        {t.wanted(data.quantity, displayDateTime(data.start_date), displayDateTime(data.end_date))}
      </p>
      <p className="why-stock">{t.stockLine(data.item.stock_quantity, data.available)}</p>
      {data.holders.length === 0 ? (
        <p>{t.noHolders}</p>
      ) : (
        <>
          <p className="why-caption">{t.holdersCaption}</p>
          <ul className="why-holders" aria-label={t.holdersCaption}>
            {data.holders.map((h) => (
              <HolderLine key={`${h.case_id}-${h.start_date}`} holder={h} />
            ))}
          </ul>
        </>
      )}
      <output className="why-free">
        <ClockIcon /> {free}
      </output>
      <Link to={timelinePath("item", data.item.id, businessDay(data.start_date))} className="why-timeline">
        <ChartBarIcon /> {t.itemTimelineOf(data.item.title)}
      </Link>
    </div>
  );
}
