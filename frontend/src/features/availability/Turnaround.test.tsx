import { render, screen } from "@testing-library/react";
import type { HoldersDto, TimelineDto } from "@zaiko/common/availability/insight.schema";
import { MemoryRouter } from "react-router-dom";
import { Timeline } from "./Timeline";
import { WhyShortPanel } from "./WhyShortPanel";

/** Turnaround (点検・準備時間) on the screens: 理由 names it, the timeline draws it as its own bar. */
const bar = {
  case_id: 11,
  case_title: "展示会A",
  status: "confirmed" as const,
  // 10:00–18:00 Tokyo, held until 20:00 by a 2 h check.
  start_date: "2027-03-02T01:00:00.000Z",
  end_date: "2027-03-02T09:00:00.000Z",
  quantity: 1,
  out_of_service: false,
  held_from: "2027-03-02T01:00:00.000Z",
  held_until: "2027-03-02T11:00:00.000Z",
};

describe("turnaround on the screens", () => {
  it("理由 names the check of a holder: 点検中：〜20:00 (the time alone on the same day)", () => {
    const data: HoldersDto = {
      item: { id: 1, title: "スピーカー", category_name: "音響", stock_quantity: 1 },
      start_date: "2027-03-02T10:00:00.000Z",
      end_date: "2027-03-02T13:00:00.000Z",
      quantity: 1,
      available: 0,
      holders: [{ ...bar, hold_until: null, held_by_name: null }],
      free_from: "2027-03-02T11:00:00.001Z",
    };
    render(
      <MemoryRouter>
        <WhyShortPanel data={data} />
      </MemoryRouter>,
    );
    expect(screen.getByText("点検中：〜20:00")).toBeInTheDocument();
  });

  it("理由 gives the date when the check ends another day, and names a preparation", () => {
    const data: HoldersDto = {
      item: { id: 1, title: "スピーカー", category_name: "音響", stock_quantity: 1 },
      start_date: "2027-03-03T10:00:00.000Z",
      end_date: "2027-03-03T13:00:00.000Z",
      quantity: 1,
      available: 0,
      holders: [
        {
          ...bar,
          held_from: "2027-03-02T00:00:00.000Z",
          held_until: "2027-03-02T16:00:00.000Z",
          hold_until: null,
          held_by_name: null,
        },
      ],
      free_from: null,
    };
    render(
      <MemoryRouter>
        <WhyShortPanel data={data} />
      </MemoryRouter>,
    );
    expect(screen.getByText("準備中：09:00〜・点検中：〜2027年03月03日 01:00")).toBeInTheDocument();
  });

  it("says nothing of turnaround for a holder without one", () => {
    const data: HoldersDto = {
      item: { id: 1, title: "スピーカー", category_name: "音響", stock_quantity: 1 },
      start_date: "2027-03-02T10:00:00.000Z",
      end_date: "2027-03-02T13:00:00.000Z",
      quantity: 1,
      available: 0,
      holders: [{ ...bar, held_until: bar.end_date, hold_until: null, held_by_name: null }],
      free_from: null,
    };
    render(
      <MemoryRouter>
        <WhyShortPanel data={data} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/点検中/)).toBeNull();
  });

  it("the timeline draws the check as its own bar after the booking's, with a legend entry", () => {
    const data: TimelineDto = {
      scope: { kind: "item", id: 1, name: "スピーカー", category_id: 2 },
      days: ["2027-03-02"],
      labels: ["3/2(火)"],
      before: "2027-02-23",
      next: "2027-03-09",
      from: "2027-03-01T15:00:00.000Z",
      to: "2027-03-02T15:00:00.000Z",
      items: [{ id: 1, title: "スピーカー", stock_quantity: 1, daily_peaks: [1], bars: [bar] }],
    };
    const { container } = render(
      <MemoryRouter>
        <Timeline data={data} today={null} />
      </MemoryRouter>,
    );
    const check = screen.getByRole("img", {
      name: "点検・準備（展示会A）2027年03月02日 18:00 〜 2027年03月02日 20:00",
    });
    expect(check).toHaveClass("tl-bar-turnaround");
    // It starts where the booking ends (18:00 of a day shown from 00:00: 75 %) and lasts 2 h (8.33 %).
    expect(check.style.left).toBe("75%");
    expect(Number.parseFloat(check.style.width)).toBeCloseTo(8.333, 2);
    expect(container.querySelector(".tl-legend")?.textContent).toContain("点検・準備");
  });
});
