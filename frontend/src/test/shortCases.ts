import type { ShortCasesDto } from "@zaiko/common/availability/shortCases.schema";

/**
 * A refusal's `short_cases` for the screens' tests: スピーカー first breaks at 2030-12-03 09:00 (Tokyo), held by
 * the confirmed 夏祭り (3 units) and the tentative 前夜祭 (2).
 */
export const speakerShortCases: ShortCasesDto[] = [
  {
    item_id: 2,
    title: "スピーカー",
    at: "2030-12-03T00:00:00.000Z",
    cases: [
      {
        case_id: 41,
        case_title: "夏祭り",
        status: "confirmed",
        start_date: "2030-12-01T01:00:00.000Z",
        end_date: "2030-12-03T09:00:00.000Z",
        quantity: 3,
        out_of_service: false,
      },
      {
        case_id: 42,
        case_title: "前夜祭",
        status: "tentative",
        start_date: "2030-12-03T00:00:00.000Z",
        end_date: "2030-12-03T13:00:00.000Z",
        quantity: 2,
        out_of_service: false,
      },
    ],
  },
];
