/**
 * 履歴, every recorded change.
 */
export const ja = {
  // ours: 履歴, every recorded change (docs/history.md)
  history: {
    panelTitle: "アクティビティ",
    itemTitle: "履歴",
    empty: "まだ履歴はありません。",
    fetchFailed: "履歴の取得に失敗しました。サーバーとの接続を確認してください。",
    loadOlder: "さらに古い履歴を表示",
    system: "システム",
    unknownMember: "（不明なメンバー）",
    issueWord: "出庫",
    receiveWord: "入庫",
    add: (who: string, item: string, q: number) => `${who} が ${item} を ${q}個 追加`,
    // 「削減」 read as cutting costs (issue 36): units taken off the case are 削除 from it.
    reduce: (who: string, item: string, q: number) => `${who} が ${item} を ${q}個 削除`,
    orderItemEdit: (who: string, item: string) => `${who} が ${item} の出荷アイテムを編集`,
    issue: (who: string, item: string, q: number) => `${who} が ${item} を ${q}個 出庫`,
    receive: (who: string, item: string, q: number) => `${who} が ${item} を ${q}個 入庫`,
    issueCleared: (who: string, item: string, q: number) => `${who} が ${item} の出庫 ${q} を解除`,
    receiveCleared: (who: string, item: string, q: number) => `${who} が ${item} の入庫 ${q} を解除`,
    outageReported: (who: string, item: string, kind: string, q: number) =>
      `${who} が ${item} の${kind} ${q} を報告`,
    outageResolved: (who: string, item: string, resolution: string, q: number) =>
      `${who} が ${item} ${q} の${resolution}を記録`,
    movementUndone: (who: string, item: string, kind: string, q: number) =>
      `${who} が ${item} の${kind} ${q} を取り消し`,
    caseCreate: (who: string, title: string) => `${who} が 案件「${title}」を作成`,
    caseUpdate: (who: string, title: string) => `${who} が 案件「${title}」を編集`,
    caseDelete: (who: string, title: string) => `${who} が 案件「${title}」を削除`,
    caseDuplicate: (who: string, from: string, title: string) =>
      `${who} が 案件「${from}」を「${title}」に複製`,
    caseStatus: (who: string, title: string, status: string) =>
      `${who} が 案件「${title}」を ${status} に変更`,
    itemCreate: (who: string, item: string, stock: number) =>
      `${who} が アイテム「${item}」を登録（在庫数 ${stock}）`,
    itemUpdate: (who: string, item: string) => `${who} が アイテム「${item}」を編集`,
    itemDelete: (who: string, item: string) => `${who} が アイテム「${item}」を削除`,
    itemImport: (who: string, item: string) => `${who} が CSVインポートで アイテム「${item}」を更新`,
    memberActivate: (who: string, member: string) => `${who} が ${member} を有効にしました`,
    memberDeactivate: (who: string, member: string) => `${who} が ${member} を無効にしました`,
    memberDelete: (who: string, member: string) => `${who} が ${member} を削除しました`,
    /** Changed fields in the lines above, in this order. */
    fields: {
      title: "名称",
      start_date: "期間",
      end_date: "期間",
      order_quantity: "数量",
      stock_quantity: "在庫数",
      category: "カテゴリ",
      note: "メモ",
    },
    /** A case's and a shipped item's note is ノート (the case form's word); an item's is メモ (its form's, the CSV's). */
    caseNote: "ノート",
    exportTitle: "履歴CSV出力",
    exportFrom: "開始日",
    exportTo: "終了日",
    exportButton: "履歴CSV出力",
    exportFailed: "履歴CSVの出力に失敗しました。",
    invalidPeriod: "期間は YYYY-MM-DD の開始日と終了日（開始日 ≦ 終了日）で指定してください",
    csvHeader: [
      "日時",
      "メンバーID",
      "メンバー",
      "操作",
      "案件ID",
      "案件",
      "アイテムID",
      "アイテム",
      "対象メンバー",
      "数量",
      "変更前",
      "変更後",
      "内容",
    ],
  },
} as const;
