/**
 * Turnaround (点検・準備時間, docs/availability.md): the item and category forms, the timeline, 理由. Ours.
 */
export const ja = {
  turnaround: {
    title: "点検・準備時間",
    afterLabel: "返却後の点検時間（時間）",
    beforeLabel: "出庫前の準備時間（時間）",
    categoryHelp:
      "このカテゴリのアイテムは、各案件の終了後（と開始前）にこの時間だけ他の案件に出せません。0.5時間単位。アイテムごとに変えることもできます。",
    itemHelp: "空欄はカテゴリの設定に従います。0.5時間単位。",
    followsCategory: (after: string, before: string) => `カテゴリの設定：点検 ${after}・準備 ${before}`,
    hours: (h: string) => `${h}時間`,
    detailValue: (after: string, before: string) => `点検 ${after}・準備 ${before}`,
    fromCategory: "（カテゴリの設定）",
    invalid: "点検・準備時間は0〜720時間の0.5時間単位で入力してください",
    raisedShort: "点検・準備時間を延ばすと既存の案件で在庫不足になります",
    // the timeline and 理由
    legend: "点検・準備",
    checkingUntil: (until: string) => `点検中：〜${until}`,
    preparingFrom: (from: string) => `準備中：${from}〜`,
    barLabel: (caseTitle: string, from: string, to: string) => `点検・準備（${caseTitle}）${from} 〜 ${to}`,
  },
} as const;
