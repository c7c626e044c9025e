/**
 * Why is it short? and the availability timeline (/availability/{kind}/{id}).
 */
export const ja = {
  // ours: why is it short? and the availability timeline (docs/availability.md)
  availability: {
    // why is it short?
    whyButton: (item: string) => `${item}が不足している理由`,
    whyShort: "理由",
    whyTitle: (item: string) => `${item}：在庫を押さえている案件`,
    wanted: (n: number, from: string, to: string) => `必要数 ${n}個（${from} 〜 ${to}）`,
    stockLine: (stock: number, available: number) => `在庫 ${stock}個・この期間に空き ${available}個`,
    noHolders: "この期間に在庫を押さえている案件はありません。",
    holdersCaption: "重なる期間に押さえている案件",
    holderPeriod: (from: string, to: string) => `${from} 〜 ${to}`,
    holderQuantity: (n: number) => `${n}個`,
    outOfServiceSince: (from: string) => `${from} から（発見・修理完了まで）`,
    holderHold: (until: string, by: string) => `期限 ${until}・担当 ${by}`,
    freeFrom: (at: string) => `必要数が空くのは ${at} から（同じ長さの期間）`,
    freeNow: "必要数はこの期間に空いています。",
    neverFree: (stock: number) => `在庫数 ${stock}個では必要数を満たせません。`,
    loadFailed: "在庫状況の取得に失敗しました。",
    loading: "読み込み中…",
    // timeline
    timeline: "在庫タイムライン",
    timelineTitle: (name: string) => `在庫タイムライン：${name}`,
    categoryTimeline: "カテゴリのタイムライン",
    itemTimeline: "タイムライン",
    itemTimelineOf: (item: string) => `${item}のタイムライン`,
    previousWeek: "前の週",
    nextWeek: "次の週",
    thisWeek: "今週",
    stock: (n: number) => `在庫 ${n}`,
    peakOf: (day: string, peak: number, stock: number) => `${day}：最大 ${peak} / 在庫 ${stock}`,
    full: "空きなし",
    short: (n: number) => `${n}不足`,
    fullLegend: "空きなし（在庫をすべて使用）",
    shortLegend: "在庫不足",
    noBookings: "この期間の予約はありません。",
    noItems: "このカテゴリにはアイテムがありません。",
    barLabel: (title: string, status: string, n: number, from: string, to: string) =>
      `${title}（${status}）${n}個 ${from} 〜 ${to}`,
    // units lost or broken and not found / repaired (docs/availability.md): not a booking of their case
    outage: "紛失・故障",
    unresolved: "未解決",
    outageBarText: (caseTitle: string) => `紛失・故障（${caseTitle}）`,
    outageBarLabel: (caseTitle: string, n: number, from: string, to: string) =>
      `紛失・故障 ${n}個（${caseTitle}で報告）${from} 〜 ${to}`,
    itemColumn: "アイテム",
    // server refusals
    periodRequired: "期間（start と end）または案件（case）を指定してください",
    periodBoth: "start と end は両方指定してください",
    periodOrder: "終了日時は開始日時以降にしてください",
    quantityInvalid: "数量は1以上の整数で入力してください",
    moreInvalid: "追加数は0以上の整数で入力してください",
    scopeRequired: "item、category、set のいずれか1つを指定してください",
    invalidDay: "日付が正しくありません（例: 2026-11-22）",
    invalidWeeks: (max: number) => `週数は1〜${max}の整数で指定してください`,
  },
} as const;
