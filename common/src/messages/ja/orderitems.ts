/**
 * Case detail and the shipped item list (/orderitems/{caseId}, /orderitemslist/{caseId}): allocation,
 * case status, issue and receive, outages.
 */
export const ja = {
  // spec unless marked "ours": case detail (/orderitems/{caseId}) and shipped item list (/orderitemslist/{caseId})
  orderitems: {
    title: "案件詳細",
    period: (start: string, end: string) => `${start} 〜 ${end}`, // ours
    periodLabel: "期間", // ours
    noteLabel: "ノート", // ours
    createdLabel: "作成日", // ours
    shippedCard: "出荷アイテム",
    inventoryCard: "在庫アイテム検索",
    listButton: "リスト画面",
    itemName: "アイテム名", // ours
    category: "カテゴリ", // ours
    shippedQuantity: "出荷数", // ours
    shippable: "出荷可能数 / 在庫数", // ours
    itemSearch: "アイテム検索",
    noFilter: "フィルターなし",
    categoryFilter: "カテゴリで絞り込み", // ours: accessible name of the category dropdown
    add: (title: string) => `${title}を1つ追加`, // ours: accessible name of '+'
    reduce: (title: string) => `${title}を1つ減らす`, // ours: accessible name of '-'
    shortageTitle: "在庫が不足しています", // ours
    // ours: a refused '+' in the user's own numbers (the clicks that did not go through, the units free)
    notAdded: (refused: number, free: number) =>
      `${refused}個は追加できません：この期間の空きは${free}個です`,
    pendingClicks: (count: number) => `（送信待ち${count}個）`, // ours: appended to '+' / '-' names while clicks wait
    caseFetchFailed: "案件の取得に失敗しました。サーバーとの接続を確認してください。",
    inventoryFetchFailed: "在庫情報の取得に失敗しました。サーバーとの接続を確認してください。",
    orderItemsFetchFailed: "出荷データの取得に失敗しました。サーバーとの接続を確認してください。",
    categoryFetchFailed: "カテゴリの取得に失敗しました。サーバーとの接続を確認してください。",
    listFetchFailed: "出荷アイテムの取得に失敗しました。サーバーとの接続を確認してください。",
    // the shipped item list
    listTitle: "出荷アイテム",
    excelExport: "エクセル出力",
    item: "アイテム",
    orderQuantity: "数量", // ours
    actions: "アクション", // ours
    start: "開始時刻", // ours
    end: "終了時刻", // ours
    issueTime: "出庫時刻",
    receiveTime: "入庫時刻",
    note: "ノート",
    issue: "出庫",
    unissue: "出庫解除",
    receive: "入庫",
    unreceive: "入庫解除",
    edit: "編集",
    editTitle: "出荷アイテム編集",
    startDate: "開始日時",
    endDate: "終了日時",
    quantity: "在庫数",
    save: "編集を保存",
    notIssued: "出庫がされていません",
    errorTitle: "エラー", // ours
    issueFailed: "出庫時刻の更新に失敗しました。",
    receiveFailed: "入庫時刻の更新に失敗しました。",
    updateFailed: "更新に失敗しました。",
  },
  // ours: server-side texts of work cases and allocation (docs/allocation.md)
  allocation: {
    invalidDateTime: "日時の形式が正しくありません（例: 2026-11-22T09:00:00+09:00）",
    quantityMin: "数量は1以上で入力してください",
    shortage: "在庫が不足しています",
    casePeriodShortage: "変更後の期間で在庫不足です", // DOMAIN.md (the case edit refusal)
    duplicateShortage: "複製先の期間で在庫不足です",
    nothingToReduce: "この案件にはこのアイテムが割り当てられていません",
    notIssued: "出庫がされていません", // DOMAIN.md (receive without issue)
    receivedBeforeUnissue: "入庫時刻を解除してから出庫を解除してください",
    patchForm:
      "issue、receive、または start_date・end_date・order_quantity・note のいずれかを指定してください",
    copySuffix: "（複製）", // DOMAIN.md (the duplicate's title)
  },
  // ours: case status 仮押さえ / 本予約 / キャンセル (docs/lifecycle.md); the spec has no texts for it
  lifecycle: {
    status: "状態",
    tentative: "仮押さえ",
    confirmed: "本予約",
    cancelled: "キャンセル",
    allStatuses: "すべての状態",
    statusFilter: "状態で絞り込み",
    holdUntil: "仮押さえ期限",
    heldBy: "担当",
    holdInfo: (until: string, by: string) => `期限 ${until}・担当 ${by}`,
    lapsedInfo: (until: string) => `期限 ${until} に解放`,
    // issue 36: a hold that lapsed is not a case the client cancelled; and a hold about to lapse says so
    lapsedLabel: "期限切れ",
    lapsingSoon: (until: string) => `まもなく期限切れ：${until} に解放されます`,
    lapsingSoonBanner: (until: string) =>
      `この仮押さえは ${until} に期限が切れ、アイテムは解放されます。本予約にするか、期限を変更してください。`,
    unknownHolder: "（削除されたメンバー）",
    confirm: "本予約にする",
    release: "仮押さえを解除",
    cancel: "案件をキャンセル",
    extend: "期限を変更",
    reopenTentative: "仮押さえで再開",
    reopenConfirmed: "本予約で再開",
    confirmTitle: "本予約にする",
    confirmBody: "この案件を本予約にしますか？",
    releaseTitle: "仮押さえを解除",
    releaseBody: "仮押さえを解除すると、この案件のアイテムは他の案件で使えるようになります。解除しますか？",
    cancelTitle: "案件をキャンセル",
    cancelBody: "キャンセルすると、この案件のアイテムは他の案件で使えるようになります。キャンセルしますか？",
    holdDialogTitle: "仮押さえ期限",
    save: "保存",
    close: "閉じる",
    refusedTitle: "変更できません",
    changeFailed: "状態の変更に失敗しました。",
    dailyWithTentative: (total: number, tentative: number) => `${total} (仮${tentative})`,
    dailyTentativeLabel: (total: number, tentative: number) => `${total}個（うち仮押さえ${tentative}個）`,
    holdsTitle: "在庫を押さえている仮押さえ",
    holdLine: (caseTitle: string, item: string, quantity: number, until: string, by: string) =>
      `${caseTitle}：${item} ${quantity}個（期限 ${until}・担当 ${by}）`,
    // server refusals
    holdUntilRequired: "仮押さえ期限は必須です",
    holdUntilPast: "仮押さえ期限は現在より後の日時を指定してください",
    invalidStatus: "状態は tentative、confirmed、cancelled のいずれかを指定してください",
    holdUntilOnlyTentative: "仮押さえ期限は仮押さえの案件にだけ指定できます",
    notHolder: "仮押さえを変更できるのは、押さえた本人またはオーナーだけです",
    lapsed: "仮押さえの期限が過ぎたため、解放されました",
    backToTentative: "本予約の案件は仮押さえに戻せません",
    issuedCannotCancel: "出庫済みのアイテムがあるためキャンセルできません。先に出庫を解除してください",
    reopenShortage: "再開する期間で在庫不足です",
    cancelledCase: "キャンセルされた案件です。先に再開してください",
    tentativeNotIssuable: "仮押さえの案件は出庫できません。先に本予約にしてください",
  },
  // ours: issue and receive by quantity (docs/lifecycle.md, partial issue and receive)
  movements: {
    column: "出庫・入庫",
    issuedOf: (n: number, of: number) => `出庫済 ${n}/${of}`,
    receivedOf: (n: number, of: number) => `入庫済 ${n}/${of}`,
    issueSome: "数量を指定して出庫",
    receiveSome: "数量を指定して入庫",
    issueTitle: (title: string) => `${title}の出庫`,
    receiveTitle: (title: string) => `${title}の入庫`,
    quantityLabel: "出庫数",
    // a receive's count is the units back in good order (lost and broken have their own fields)
    receiveQuantityLabel: "入庫数（良品）",
    remaining: (n: number) => `残り${n}個`,
    submitIssue: "出庫する",
    submitReceive: "入庫する",
    undoLatest: "直前の記録を取り消す",
    // the undo names the record it takes back and asks first: in a receive dialog it may be the 出庫
    undoLatestOf: (record: string) => `直前の記録を取り消す：${record}`,
    undoRecord: (kind: string, n: number, at: string, by: string) => `${kind} ${n}個（${at}・${by}）`,
    undoConfirm: (record: string) => `直前の記録「${record}」を取り消します。よろしいですか？`,
    undoYes: "取り消す",
    undoNo: "やめる",
    undone: "直前の記録を取り消しました。",
    cancel: "キャンセル",
    history: "入出庫の記録",
    historyLine: (kind: string, n: number, at: string, by: string) => `${at} ${kind} ${n}個（${by}）`,
    unknownMember: "（記録者不明）",
    issueKind: "出庫",
    receiveKind: "入庫",
    failed: "入出庫の記録に失敗しました。",
    // server refusals
    quantityRequired: "数量は1以上の整数で入力してください",
    overIssue: (n: number) => `出庫できるのは残りの${n}個までです`,
    nothingToIssue: "すべて出庫済みです",
    overReceive: (n: number) => `入庫できるのは出庫済みで未入庫の${n}個までです`,
    nothingToReceive: "出庫済みのアイテムはすべて入庫済みです",
    nothingToUndo: "取り消せる入出庫の記録がありません",
    receiveBeforeIssue: "出庫日時より前の日時では入庫できません。出庫した日時以降を指定してください", // ours: a receive dated before its issue
    belowIssued: (n: number) =>
      `出庫済みの${n}個より少なくできません。先に入庫・出庫の記録を取り消してください`,
    takeBackShort:
      "この入庫を取り消すと、返却後に割り当てた案件で在庫が不足します。先にその案件の数量を減らしてください",
  },
  // ours: return dispositions (docs/lifecycle.md): units lost (紛失) or broken (故障), found or repaired
  outages: {
    returnedLabel: "入庫（正常）",
    lostLabel: "紛失",
    brokenLabel: "故障",
    repairDueLabel: "修理予定日",
    lostKind: "紛失",
    brokenKind: "故障",
    // what this receive records, out of the units still out (zero lost / broken left out)
    receivePlan: (returned: number, lost: number, broken: number, left: number) =>
      `今回の記録：${[
        `良品 ${returned}個`,
        lost > 0 ? `紛失 ${lost}個` : "",
        broken > 0 ? `故障 ${broken}個` : "",
      ]
        .filter(Boolean)
        .join(
          "・",
        )}（未入庫 ${left}個のうち${returned + lost + broken < left ? `、${left - returned - lost - broken}個は未入庫のまま` : ""}）`,
    title: "使用できないアイテム（紛失・故障）",
    none: "紛失・故障中のアイテムはありません",
    availableNow: "現在使用できる数",
    outOfService: "紛失・故障中",
    line: (kind: string, n: number, caseTitle: string) => `${kind} ${n}個（${caseTitle}）`,
    reported: (at: string, by: string) => `${at} 報告（${by}）`,
    repairDue: (date: string) => `修理予定 ${date}`,
    found: "発見",
    repaired: "修理完了",
    foundLabel: (kind: string, n: number, caseTitle: string) => `発見：${kind} ${n}個（${caseTitle}）`,
    repairedLabel: (kind: string, n: number, caseTitle: string) => `修理完了：${kind} ${n}個（${caseTitle}）`,
    resolveFailed: "発見・修理完了の記録に失敗しました。",
    fetchFailed: "紛失・故障の一覧を取得できませんでした。",
    historyKind: (kind: string) => `入庫（${kind}）`,
    // server refusals
    quantityInvalid: "数量は0以上の整数で入力してください",
    nothingReceived: "入庫・紛失・故障のいずれかを1個以上入力してください",
    repairDueRequired: "故障がある場合は修理予定日を入力してください",
    repairDueOnlyBroken: "修理予定日は故障がある場合だけ指定できます",
    repairDueInvalid: "修理予定日が正しくありません",
    shortage: "紛失・故障を記録すると、この後の案件で在庫が不足します。先にその案件の数量を減らしてください",
    notOutage: "紛失・故障の記録ではありません",
    alreadyResolved: "すでに発見・修理完了が記録されています",
    overdueTitle: "延滞中のアイテムがあるため、在庫が不足するおそれがあります",
    overdueLine: (item: string, required: number, available: number) =>
      `${item}：必要 ${required}個 / 在庫 ${available}個`,
    overdueFrom: (caseTitle: string, n: number, end: string) =>
      `${caseTitle}（終了 ${end}）から ${n}個 未入庫`,
    caseHasOutages:
      "紛失・故障中のアイテムがある案件は削除できません。先に発見・修理完了を記録するか、入庫の記録を取り消してください",
  },
} as const;
