/** 取引先 and 外部手配 (sub-rental, docs/subrental.md): the screens, the API's refusals, the pack list. Ours. */
export const ja = {
  subrentals: {
    // 取引先
    suppliersTitle: "取引先",
    supplierName: "取引先名",
    supplierContact: "連絡先",
    supplierMemo: "メモ",
    supplierNameRequired: "取引先名を入力してください",
    supplierNameTaken: "同じ名前の取引先がすでにあります",
    supplierSelect: "取引先を選択してください",
    supplierInUse: "外部手配がある取引先は削除できません",
    ownerOnlyDelete: "取引先を削除できるのはオーナーだけです",
    newSupplier: "新規取引先",
    // 外部手配
    title: "外部手配",
    newSubRental: "新規外部手配",
    item: "アイテム",
    itemSelect: "アイテムを選択してください",
    quantity: "数量",
    quantityInvalid: "数量は1以上の整数で入力してください",
    startLabel: "入荷予定",
    endLabel: "返却予定",
    startRequired: "入荷予定日時を入力してください",
    endRequired: "返却予定日時を入力してください",
    forCase: "案件",
    caseNotFound: "案件が見つかりません",
    costMemo: "費用メモ",
    status: "状態",
    statuses: {
      requested: "手配中",
      received: "入荷済",
      returned: "返却済",
      cancelled: "取消",
    } as Record<"requested" | "received" | "returned" | "cancelled", string>,
    // actions
    receive: "入荷",
    giveBack: "返却",
    cancel: "取消",
    badTransition: (from: string, to: string) => `「${from}」から「${to}」には変更できません`,
    closed: "返却済・取消の外部手配は変更できません",
    // refusals: the hired units are needed by bookings
    shortened: "この外部手配を減らすと既存の案件で在庫不足になります",
    cancelShort: "この外部手配を取り消すと既存の案件で在庫不足になります",
    returnShort: "いま返却すると既存の案件で在庫不足になります",
    // from a refusal
    coverWithHire: "外部手配で補う",
    coverSaved: "外部手配を登録し、追加しました",
    // pack list, Excel, CSV, timeline
    packLine: (supplier: string) => `外部手配：${supplier}`,
    barLabel: (supplier: string, quantity: number, from: string, to: string) =>
      `外部手配（${supplier}）${quantity}個 ${from} 〜 ${to}`,
    csvHeader: ["取引先", "アイテム", "数量", "入荷予定", "返却予定", "案件", "費用メモ", "状態"] as const,
    historyCreate: (who: string, supplier: string, item: string, q: number) =>
      `${who} が ${supplier} から ${item} を ${q} 外部手配`,
    historyUpdate: (who: string, supplier: string, item: string) =>
      `${who} が 外部手配（${supplier}・${item}）を変更`,
    historyStatus: (who: string, supplier: string, item: string, status: string) =>
      `${who} が 外部手配（${supplier}・${item}）を「${status}」に`,
    monthInvalid: "月は YYYY-MM の形式で指定してください",
  },
} as const;
