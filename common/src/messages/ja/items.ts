/**
 * The item screen (/item/{y}/{m}/{d}), its CSV import, and the server's texts for categories and items.
 */
import { shortageLine } from "./shortageLine";

export const ja = {
  // ours unless noted: the item screen (/item/{y}/{m}/{d})
  itemList: {
    search: "アイテム検索", // spec (item search)
    create: "新規登録", // spec (new registration)
    categoryFilter: "カテゴリで絞り込み",
    noFilter: "フィルターなし", // as on the case screen (spec: 'no filter')
    previousWeek: "前の週",
    nextWeek: "次の週",
    title: "アイテム名",
    category: "カテゴリ",
    stock: "在庫数",
    note: "メモ",
    detailNote: "メモ", // the item form's and the CSV's word, not 詳細メモ (issue 36)
    created: "作成日",
    dayFull: "在庫の上限まで予約されています",
    openDetail: (title: string) => `${title}の詳細`,
    detailTitle: "アイテム詳細",
    createTitle: "新規アイテム", // spec (new item)
    editTitle: "アイテム編集", // spec (item edit)
    deleteTitle: "アイテム削除",
    edit: "編集",
    delete: "削除",
    close: "閉じる",
    save: "保存",
    update: "更新",
    categoryPlaceholder: "カテゴリを選択",
    noCategories: "カテゴリがありません。先にカテゴリを登録してください",
    shortage: shortageLine,
    weekDays: "日別の予約数",
    thisWeek: "今週", // ours: back to the week of today
    weekOf: (label: string, day: string) => `${label}（${day}〜）`, // ours: a week link's accessible name
    allocatedWarning: "このアイテムは案件に割り当てられています。削除すると割り当ても削除されます。", // ours
    // ours (issue 36): what the day columns mean, and a filter to the items the week uses
    legend: {
      days: "日付の列：その日に案件へ引き当てられている数（その日の最大）",
      tentative: "（仮2）＝うち仮押さえ2",
      full: "在庫の上限まで予約済み",
    },
    bookedOnly: "この週に予約のあるアイテムのみ",
  },
  // ours unless noted: the CSV import and template on the item screen
  itemImport: {
    file: "CSVファイル",
    choose: "ファイルを選択",
    noFile: "選択されていません",
    import: "CSVインポート",
    template: "テンプレートダウンロード",
    hint: "テンプレートをダウンロードして、カンマ区切りのアイテムリストをインポートしてください。",
    uploading: "アップロード中…",
    completeTitle: "インポート完了", // spec ('import complete')
    completeBody: (created: number, updated: number) => `${created}件を登録し、${updated}件を更新しました。`,
    // ours (issue 36): the rows not imported, so that every row of the file is accounted for
    skippedSamples: (rows: number) => `テンプレートの記入例の行（${rows}行）は取り込みませんでした。`,
    errorTitle: "インポートエラー",
    lineError: (line: number, message: string) => `${line}行目：${message}`,
  },
  // ours unless noted: categories, items, the weekly view and the CSV import (server side)
  catalogue: {
    categoryNameTaken: "このカテゴリ名は既に使われています",
    categorySelect: "カテゴリを選択してください",
    categoryNotInGroup: "カテゴリが見つかりません",
    itemTitleTaken: "このアイテム名は既に使われています",
    stockTooLarge: "在庫数は1000000以下で入力してください",
    stockBelowAllocation: "在庫数が引当数を下回ります",
    invalidDate: "日付が正しくありません",
    categoryFetchFailed: "カテゴリの取得に失敗しました。サーバーとの接続を確認してください。", // spec
    categorySaveFailed: "カテゴリの保存に失敗しました。", // spec
    categoryEditFailed: "アイテム編集に失敗しました。", // spec (the category edit failure reads so)
    categoryDeleteFailed: "アイテム削除に失敗しました。", // spec
    relatedItemsFailed: "関連アイテムの取得に失敗しました", // spec
    itemFetchFailed: "itemの取得に失敗しました。サーバーとの接続を確認してください。", // spec
    itemSaveFailed: "アイテムの保存に失敗しました。", // spec
    itemEditFailed: "アイテム編集に失敗しました。", // spec
    itemDeleteFailed: "アイテム削除に失敗しました。", // spec
    categoryDeleteConfirm: "本当にこのカテゴリを削除しますか？", // spec
    categoryDeleteWarning: "削除カテゴリに紐づいている下記関連アイテムも削除されます", // spec
    noRelatedItems: "関連アイテムはありません。", // spec
    itemDeleteConfirm: "本当にこのアイテムを削除しますか？", // spec
  },
  imports: {
    failed: "CSVの取り込みに失敗しました",
    fileRequired: "CSVファイルを選択してください", // spec
    oneFileOnly: "CSVファイルは1つだけ選択してください",
    fileTooLarge: "CSVファイルが大きすぎます（5MBまで）",
    tooManyRows: "CSVの行数が多すぎます（10000行まで）",
    notMultipart: "CSVファイルはmultipart/form-dataで送信してください",
    badHeader: "1行目はテンプレートの見出し（アイテム名,カテゴリ,在庫数,メモ）にしてください",
    noRows: "取り込む行がありません",
    unreadable: "CSVの形式が正しくありません",
    tooManyColumns: "列が多すぎます（アイテム名,カテゴリ,在庫数,メモの4列）",
    duplicateInFile: (line: number) => `同じアイテム名が${line}行目にもあります`,
    titleInOtherCategory: (category: string) =>
      `このアイテム名は別のカテゴリ「${category}」に登録されています`,
    conflict: "他の操作と競合しました。もう一度お試しください",
    columnTooLong: (column: string, max: number) => `${column}は${max}文字以内で入力してください`,
    negativeStock: "在庫数は0以上の数で入力してください（マイナスは指定できません）",
  },
} as const;
