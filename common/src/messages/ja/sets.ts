/**
 * セット品 (docs/sets.md): the set catalogue, booking sets on a case, and the server's refusals. All ours.
 */
export const ja = {
  sets: {
    // the catalogue (server and forms)
    titleRequired: "セット名は必須です",
    titleTaken: "このセット名は既に使われています",
    partsRequired: "構成アイテムを1つ以上指定してください",
    tooManyParts: (max: number) => `構成アイテムは${max}種類までです`,
    partItem: "構成アイテムを選択してください",
    partNotInGroup: "構成アイテムが見つかりません",
    partDuplicate: "同じアイテムが構成に重複しています",
    partQuantity: "数量は1以上の整数で入力してください",
    // booking sets on a case
    shortage: "在庫が不足している構成アイテムがあります",
    nothingToReduce: "この案件にはこのセットが割り当てられていません",
    belowSetNeed: (title: string, need: number) =>
      `${title} はセットの構成品として${need}個使われています。セットの数を減らしてください`,
    // the case screen (案件詳細)
    heading: "セット品",
    setName: "セット名",
    category: "カテゴリ",
    shippableSets: "出荷可能セット数",
    bookedSets: "セット数",
    count: (n: number) => `${n}セット`,
    add: (title: string) => `${title}を1セット追加`,
    reduce: (title: string) => `${title}を1セット減らす`,
    showParts: (title: string) => `${title}の構成アイテムを表示`,
    part: (title: string, perSet: number, total: number) =>
      `${title}：${total}個（1セットあたり${perSet}個）`,
    changed: "セットの構成が変更されています。この案件は予約したときの構成のままです",
    deleted: "このセットはカタログから削除されています",
    // a set's 出庫 / 入庫 on the warehouse board refused for one of its parts (docs/sets.md)
    partRefused: (part: string, reason: string) => `${part}：${reason}`,
    notAdded: (title: string, sets: number) =>
      `${title}を${sets}セット追加できませんでした。在庫が不足している構成アイテム：`,
    // the set catalogue screen (/sets)
    pageTitle: "セット品一覧",
    navLink: "セット品",
    search: "セット検索",
    create: "新規登録",
    createTitle: "新規セット",
    editTitle: "セット編集",
    deleteTitle: "セット削除",
    deleteConfirm: "本当にこのセットを削除しますか？",
    deleteUsed: (cases: number) =>
      `このセットは${cases}件の案件で予約されています。削除しても、各案件に予約済みの構成アイテムはそのまま残ります。`,
    deleteUnused: "このセットを予約している案件はありません。",
    parts: "構成アイテム",
    usedBy: "予約中の案件",
    usedByCount: (cases: number) => `${cases}件`,
    partsSummary: (parts: readonly { title: string; quantity: number }[]) =>
      parts.map((p) => `${p.title}×${p.quantity}`).join("、"),
    addPart: "構成アイテムを追加",
    removePart: (n: number) => `構成アイテム${n}を外す`,
    partItemLabel: (n: number) => `構成アイテム${n}`,
    partQuantityLabel: (n: number) => `構成アイテム${n}の数量`,
    itemPlaceholder: "アイテムを選択",
    note: "メモ",
    actions: "アクション",
    save: "保存",
    update: "更新",
    edit: "編集",
    delete: "削除",
    fetchFailed: "セットの取得に失敗しました。サーバーとの接続を確認してください。",
    saveFailed: "セットの保存に失敗しました。",
    deleteFailed: "セットの削除に失敗しました。",
    // 履歴
    historyAdd: (who: string, set: string, q: number) => `${who} が ${set} を ${q}セット 追加`,
    historyReduce: (who: string, set: string, q: number) => `${who} が ${set} を ${q}セット 削除`,
    historyCreate: (who: string, set: string) => `${who} が セット「${set}」を登録`,
    historyUpdate: (who: string, set: string) => `${who} が セット「${set}」を編集`,
    historyDelete: (who: string, set: string) => `${who} が セット「${set}」を削除`,
    // the set CSV import (server side); its header is SET_CSV_HEADER
    importBadHeader: "1行目はテンプレートの見出し（セット名,カテゴリ,構成アイテム,数量）にしてください",
    importTooManyColumns: "列が多すぎます（セット名,カテゴリ,構成アイテム,数量の4列）",
    importItemRequired: "構成アイテムは必須です",
    importUnknownCategory: (name: string) => `カテゴリ「${name}」が見つかりません`,
    importUnknownItem: (name: string) => `構成アイテム「${name}」が見つかりません`,
    importPartTwice: (name: string, line: number) =>
      `構成アイテム「${name}」はこのセットの${line}行目にもあります`,
    importOtherCategory: (category: string, line: number) =>
      `同じセット名の${line}行目とカテゴリ（${category}）が異なります`,
    importTooManyParts: (max: number) => `1つのセットの構成アイテムは${max}種類までです`,
    // the weekly view (アイテム一覧): sets after the items
    weekHeading: "セット品（出荷可能セット数）",
    weekHint:
      "各日に終日出荷できるセット数です。構成アイテムごとに「在庫数 − その日の最大使用数」を1セットあたりの数で割った値の最小値です。",
    weekTableLabel: "セット品の週間出荷可能セット数",
    weekDayNone: "出荷できるセットはありません",
    weekTimeline: (title: string) => `${title}の構成アイテムのタイムライン`,
    // the import panel on the item screen
    importKind: "取り込む内容",
    importKindItems: "アイテム",
    importKindSets: "セット品",
    importSetsHint:
      "テンプレートをダウンロードして、1行に1つの構成アイテム（セット名,カテゴリ,構成アイテム,数量）を記入してインポートしてください。同じセット名のセットは構成アイテムが置き換わります。",
    importSetsComplete: (created: number, updated: number, parts: number) =>
      `セットを${created}件登録し、${updated}件更新しました（構成アイテム${parts}行）。`,
  },
} as const;
