/**
 * The work case list (/workcase) and the case's Excel file.
 */
import { shortageLine } from "./shortageLine";

export const ja = {
  // spec unless marked "ours": the work case list (/workcase)
  workcases: {
    title: "案件一覧",
    periodSearch: "期間検索",
    search: "案件検索",
    create: "新規登録",
    caseTitle: "案件名",
    start: "開始時刻",
    end: "終了時刻",
    action: "アクション",
    edit: "編集",
    delete: "削除",
    duplicate: "複製",
    dialogCreate: "新規登録",
    dialogEdit: "編集",
    startDate: "開始日時",
    endDate: "終了日時",
    note: "ノート",
    submitCreate: "新規作成",
    submitEdit: "編集を保存",
    deleteTitle: "案件削除",
    deleteConfirm: "本当にこの案件を削除しますか？",
    deleted: "案件を削除しました。",
    refusedTitle: "変更不可",
    refusedBody: "変更後の期間で在庫不足です",
    fetchFailed: "案件の取得に失敗しました。サーバーとの接続を確認してください。",
    saveFailed: "案件の保存に失敗しました。",
    duplicateFailed: "案件編集に失敗しました。",
    deleteFailed: "案件削除に失敗しました。",
    clearDate: "期間検索をクリア", // ours: accessible name of the date clear button
    clearSearch: "案件検索をクリア", // ours
    // ours (issue 36): which cases the list shows; it opens on 今日以降
    range: {
      label: "表示期間",
      upcoming: "今日以降",
      today: "今日",
      thisWeek: "今週",
      nextWeek: "来週",
      all: "すべて",
    },
    shortageLine, // the same line as the item screen's stock refusals
  },
  // ours unless noted: the case's Excel file (POST /api/export-excel/)
  exports: {
    sheetName: "出荷アイテム", // spec (the shipped item list's title)
    period: (start: string, end: string) => `期間：${start} – ${end}`,
    // the shipped item list's columns (spec §2 names them; without the actions column)
    columns: {
      item: "アイテム",
      quantity: "数量",
      category: "カテゴリ",
      start: "開始時刻",
      end: "終了時刻",
      issue: "出庫時刻", // spec
      receive: "入庫時刻", // spec
      note: "ノート",
    },
    // a set line's number of sets stays a number in its cell, shown as 「2セット」 (docs/sets.md)
    setsFormat: '0"セット"',
    caseIdRequired: "案件のIDを整数で指定してください",
    orderItemsInvalid: "order_itemsはIDまたは{id}の配列で指定してください",
  },
} as const;
