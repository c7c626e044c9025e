import { render, screen } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import { workCaseDto } from "../../test/workCases";
import { CaseSummary } from "./CaseSummary";

const L = ja.lifecycle;
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const held = { status: "tentative" as const, held_by: 3, held_by_name: "佐藤 花子" };

describe("CaseSummary: a hold about to lapse", () => {
  it("warns on the case a day before the hold lapses", () => {
    render(
      <CaseSummary workcase={workCaseDto({ id: 1, title: "A社仮", ...held, hold_until: inHours(3) })} />,
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      /に期限が切れ、アイテムは解放されます。本予約にするか、期限を変更してください。$/,
    );
  });

  it("says nothing further off, and a lapsed hold reads 期限切れ", () => {
    const { rerender } = render(
      <CaseSummary workcase={workCaseDto({ id: 1, title: "A社仮", ...held, hold_until: inHours(30) })} />,
    );
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    rerender(
      <CaseSummary
        workcase={workCaseDto({
          id: 1,
          title: "A社仮",
          ...held,
          status: "cancelled",
          hold_until: inHours(-2),
        })}
      />,
    );
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByText(L.lapsedLabel)).toBeInTheDocument();
  });
});
