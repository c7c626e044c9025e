import { render, screen, within } from "@testing-library/react";
import type { ShortCasesDto } from "@zaiko/common/availability/shortCases.schema";
import { ja } from "@zaiko/common/messages/ja";
import { MemoryRouter } from "react-router-dom";
import { speakerShortCases } from "../test/shortCases";
import { ShortCaseList } from "./ShortCaseList";

const show = (groups: ShortCasesDto[]) =>
  render(
    <MemoryRouter>
      <ShortCaseList groups={groups} />
    </MemoryRouter>,
  );

describe("ShortCaseList", () => {
  it("names, per short item, the instant its stock first breaks and each case held then, linked to 案件詳細", () => {
    show(speakerShortCases);
    expect(screen.getByText(ja.shortCases.caption("スピーカー", "2030年12月03日 09:00"))).toBeInTheDocument();
    const lines = within(
      screen.getByRole("list", { name: ja.shortCases.listLabel("スピーカー") }),
    ).getAllByRole("listitem");
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole("link", { name: "夏祭り" })).toHaveAttribute("href", "/orderitems/41");
    expect(lines[0]).toHaveTextContent("本予約");
    expect(lines[0]).toHaveTextContent("3個");
    expect(lines[0]).toHaveTextContent("2030年12月01日 10:00 〜 2030年12月03日 18:00");
    expect(within(lines[1]!).getByRole("link", { name: "前夜祭" })).toHaveAttribute("href", "/orderitems/42");
    expect(lines[1]).toHaveTextContent("仮押さえ");
    expect(lines[1]).toHaveTextContent("2個");
  });

  it("names lost or broken units as 紛失・故障中, from the report until found or repaired", () => {
    show([
      {
        item_id: 5,
        title: "マイク",
        at: "2030-01-01T00:00:00.000Z",
        cases: [
          {
            case_id: 7,
            case_title: "市民祭り",
            status: "confirmed",
            start_date: "2030-01-01T00:00:00.000Z",
            end_date: "9999-12-31T23:59:59.999Z",
            quantity: 1,
            out_of_service: true,
          },
        ],
      },
    ]);
    const line = screen.getByRole("listitem");
    expect(line).toHaveTextContent(ja.outages.outOfService);
    expect(line).toHaveTextContent(ja.availability.outOfServiceSince("2030年01月01日 09:00"));
    expect(line).not.toHaveTextContent("本予約");
  });

  it("shows nothing for an answer without named cases", () => {
    const { container } = show([]);
    expect(container).toBeEmptyDOMElement();
  });
});
