/**
 * The printable pack list of a case (/workcase/{caseId}/packlist).
 */
export const ja = {
  // ours: the printable pack list of a case (出荷リスト)
  packlist: {
    open: "出荷リスト",
    title: "出荷リスト",
    caseLabel: "案件",
    periodLabel: "期間",
    noteLabel: "ノート", // the case form's word for the case's note (spec), not 備考 (issue 36)
    printedLabel: "印刷日時",
    category: "カテゴリ",
    item: "アイテム",
    quantity: "数量",
    tick: "確認",
    total: (lines: number, units: number) => `計 ${lines}品目 ${units}点`,
    // a set line's heading row and its parts' note (docs/sets.md); the set's category cell says セット品
    setCategory: "セット品",
    sets: (n: number) => `${n}セット`,
    perSet: (n: number) => `1セットあたり${n}個`,
    setsFetchFailed: "セット品の情報を取得できなかったため、セットごとにまとめずに表示しています。",
    empty: "この案件には出荷アイテムがありません。",
    print: "印刷",
    back: "案件に戻る",
    fetchFailed: "出荷リストの取得に失敗しました。サーバーとの接続を確認してください。",
  },
} as const;
