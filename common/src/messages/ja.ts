/**
 * Every user-facing Japanese string, keyed. Texts are copied exactly from the product spec
 * (shared/spec/product-spec.md §2, §5, §8); strings the spec does not give are marked "ours".
 */
/** One line per item a refused write would overbook (ours): `required` = peak usage after the change, `available` = stock. */
const shortageLine = (title: string, required: number, available: number) =>
  `${title}：${required - available}個不足（引当数 ${required} / 在庫数 ${available}）`;

export const ja = {
  app: {
    title: "在庫管理",
  },
  nav: {
    workcase: "ワークケース",
    category: "カテゴリ",
    item: "アイテム",
    logout: "ログアウト",
    login: "ログイン",
    signup: "サインアップ",
    menu: "メニュー", // ours: accessible name of the collapsed-menu button
  },
  validation: {
    loginEmailRequired: "メールアドレスは必須です",
    passwordRequired: "パスワードは必須です",
    passwordMin: "8文字以上で入力してください",
    notMember: "メンバー権限がありません",
    emailRequired: "emailは必須です",
    firstNameRequired: "ファーストネームは必須です",
    lastNameRequired: "ラストネームは必須です",
    groupNameRequired: "新規グループ名を入力してください。",
    categoryRequired: "カテゴリ名は必須です",
    itemTitleRequired: "アイテム名は必須です",
    stockRequired: "在庫数は必須です",
    stockNumeric: "在庫数は数値で入力してください",
    workCaseTitleRequired: "案件名は必須です",
    startRequired: "開始日時は必須です",
    endRequired: "終了日時は必須です",
    startAfterEnd: "開始日時は終了日時よりも前に設定してください。",
    csvFileRequired: "CSVファイルを選択してください",
    // ours: rules DOMAIN.md adds where the spec has no text
    emailInvalid: "メールアドレスの形式が正しくありません",
    emailTaken: "このメールアドレスは既に登録されています",
    tooLong: (max: number) => `${max}文字以内で入力してください`,
    groupNameTaken: "このグループ名は既に使われています",
    groupRequired: "グループを選択してください",
    groupNotFound: "グループが見つかりません",
    ownerClaimRefused: "このグループにはオーナー登録できません",
    unknownField: "この項目は変更できません",
    invalidValue: "値が正しくありません",
    dateTimeText: "日時は 2026/11/24 18:00 のように入力してください", // ours: a typed date-time that names no date
    dateText: "日付は 2026/11/24 のように入力してください", // ours: a typed day that names no date
    forbiddenCharacter: "使用できない文字（NUL文字など）が含まれています", // ours
  },
  errors: {
    // spec §8
    sessionExpired: "セッションの有効期限が切れました。再ログインが必要です。",
    loginFailed: "ログインに失敗しました。",
    groupFetchFailed: "グループの取得に失敗しました。",
    userInfoFailed: "ユーザー情報の取得に失敗しました。",
    signupOrEditFailed: "サインアップ 編集に失敗しました。",
    groupSaveFailed: "グループの保存に失敗しました。",
    userSaveFailed: "ユーザの保存に失敗しました。",
    userFetchFailed: "ユーザーの取得に失敗しました。サーバーとの接続を確認してください。",
    userDeleteFailed: "user削除に失敗しました。",
    memberStateFailed: "メンバー状態の更新に失敗しました。",
    invalidDate: "日付データが不正です",
    // ours: server-side errors the spec leaves open
    invalidCredentials: "メールアドレスまたはパスワードが正しくありません",
    unauthenticated: "認証情報が無効です。再度ログインしてください",
    forbidden: "この操作を行う権限がありません",
    ownerProtected: "オーナーは無効化・削除できません",
    notFound: "見つかりません",
    apiNotFound: "APIが見つかりません",
    methodNotAllowed: "このメソッドは使用できません", // ours
    csrfFailed: "CSRFトークンが無効です",
    rateLimited: "試行回数が多すぎます。しばらくしてから再度お試しください",
    malformedJson: "リクエストの形式が正しくありません",
    payloadTooLarge: "リクエストが大きすぎます",
    unsupportedMediaType: "サポートされていない形式です",
    internal: "サーバーエラーが発生しました",
    refreshFailed: "セッションを更新できませんでした",
    tooDeep: "リクエストの入れ子が深すぎます", // ours
    membershipEnded:
      "メンバー権限が無効になったため、ログアウトしました。詳しくはグループのオーナーにお問い合わせください。", // ours
  },
  login: {
    title: "ログイン",
    email: "メールアドレス",
    password: "パスワード",
    submit: "ログイン",
    showPassword: "入力した文字を表示", // ours: the eye button beside the password (pressed: shown)
  },
  signup: {
    title: "サインアップ",
    editTitle: "メンバー編集",
    email: "メールアドレス",
    password: "パスワード",
    firstName: "ファーストネーム",
    lastName: "ラストネーム",
    roleOwner: "オーナー登録",
    roleStaff: "スタッフ登録",
    newGroupName: "新規グループ名",
    groupNote: "グループ名はログイン時に他の方にも表示されます。表示されてもいい名前にして下さい。",
    group: "グループ",
    submitCreate: "新規登録",
    submitUpdate: "更新",
  },
  members: {
    title: "メンバーリスト",
    search: "メンバー検索",
    email: "メールアドレス",
    firstName: "ファーストネーム",
    lastName: "ラストネーム",
    active: "アクティブ",
    action: "アクション",
    delete: "削除",
    cancel: "キャンセル",
    deleteTitle: "ユーザー削除",
    deleteConfirm: "本当にこのユーザーを削除しますか？",
    csvExport: "CSV出力",
  },
  table: {
    pageSize: "表示アイテム数",
    all: "全て", // ours: label of the "all rows" page size
    empty: "データがありません", // ours
  },
  notFound: {
    title: "ページが見つかりません", // ours
    body: "お探しのページは存在しないか、移動しました。", // ours
    back: "ワークケースへ戻る", // ours
  },
  // ours unless noted: texts the web client needs that the spec does not give
  common: {
    loading: "読み込み中…",
    close: "閉じる",
    cancel: "キャンセル", // spec (dialogs)
    openPicker: (label: string) => `${label}のカレンダーを開く`, // ours: the date fields' picker button
    picker: (label: string) => `${label}のカレンダー`, // ours: the date picker popup's name
    dateTimePlaceholder: "例 2026/11/24 18:00", // ours: an empty date-time field
    datePlaceholder: "例 2026/11/24", // ours: an empty day field
  },
  calendar: {
    /** Sunday first, as Date#getDay counts: the weekly view's day labels (`11/22(日)`, DOMAIN.md) and the picker. */
    weekdays: ["日", "月", "火", "水", "木", "金", "土"],
    weekdayNames: ["日曜日", "月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日"], // ours: the picker
    months: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"], // ours: the picker
    today: "今日", // ours: the picker's button bar
    clear: "クリア", // ours: the picker's button bar
  },
  session: {
    restoring: "セッションを確認しています…",
  },
  forbidden: {
    title: "アクセスできません",
    body: "このページはオーナーのみ閲覧できます。",
    back: "ワークケースへ戻る",
  },
  pages: {
    workcase: "案件一覧", // spec
    category: "カテゴリ一覧",
    item: "アイテム一覧",
    orderItems: "案件詳細", // spec
    orderItemsList: "出荷アイテム", // spec
    comingSoon: "この画面は準備中です。",
  },
  signupForm: {
    role: "登録種別",
    groupPlaceholder: "選択してください",
    groupsEmpty: "グループがありません",
    passwordHint: "8文字以上",
  },
  pager: {
    first: "最初のページ",
    previous: "前のページ",
    next: "次のページ",
    last: "最後のページ",
    report: (page: number, pages: number, rows: number) => `${page} / ${pages} ページ（${rows}件）`,
  },
  header: {
    mainNav: "メインナビゲーション",
  },
  // ours unless noted: the category list screen (/category)
  categoryList: {
    search: "カテゴリ検索", // spec (category search)
    create: "新規登録", // spec (new registration)
    column: "カテゴリ",
    actions: "アクション",
    edit: "編集",
    delete: "削除",
    name: "カテゴリ名",
    createTitle: "新規カテゴリ", // spec (new category)
    editTitle: "カテゴリ編集", // spec (category edit)
    deleteTitle: "カテゴリ削除",
    save: "保存",
    update: "更新",
  },
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
    detailNote: "詳細メモ",
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
    caseIdRequired: "案件のIDを整数で指定してください",
    orderItemsInvalid: "order_itemsはIDまたは{id}の配列で指定してください",
  },
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
    shortageLine, // the same line as the item screen's stock refusals
  },
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
    addedPartly: (requested: number, added: number) =>
      `${requested}個のうち${added}個を追加しました。在庫が不足しています`, // ours: several '+' clicks, one refused
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
  // ours: the warehouse board /warehouse (docs/warehouse.md); the spec has no texts for it
  warehouse: {
    nav: "倉庫",
    title: "倉庫 入出庫予定",
    overdue: "期限超過",
    overdueHint: "終了時刻を過ぎても入庫されていないアイテム",
    today: (label: string) => `今日 ${label}`,
    tomorrow: (label: string) => `明日 ${label}`,
    emptyDay: "入出庫の予定はありません",
    outgoingAt: (time: string) => `出庫予定 ${time}`,
    returningAt: (time: string) => `入庫予定 ${time}`,
    dueSince: (time: string) => `入庫予定 ${time} を超過`,
    quantity: (n: number) => `${n}個`,
    notIssued: "未出庫",
    issued: "出庫済",
    received: "入庫済",
    issue: "出庫",
    unissue: "出庫解除",
    receive: "入庫",
    unreceive: "入庫解除",
    toggleLabel: (action: string, title: string) => `${action}：${title}`,
    scanLabel: "スキャン（アイテム名またはID）",
    scanPlaceholder: "スキャン、またはアイテム名・IDを入力",
    scanFound: (query: string, count: number) => `「${query}」：${count}件`,
    scanNoMatch: (query: string) => `「${query}」に一致するアイテムはこの画面にありません`,
    wallOn: "大画面表示",
    wallOff: "通常表示",
    updatedAt: (time: string) => `${time} 更新`,
    fetchFailed: "入出庫予定の取得に失敗しました。サーバーとの接続を確認してください。",
    invalidDate: "日付が正しくありません（例: 2026-11-22）",
  },
  // ours: in-app alerts, confirmations and success toasts (docs/frontend.md "Feedback")
  feedback: {
    errorTitle: "エラー",
    checkTitle: "入力内容を確認してください",
    confirmTitle: "確認",
    ok: "OK",
    caseCreated: "案件を登録しました。",
    caseUpdated: "案件を更新しました。",
    caseDuplicated: "案件を複製しました。",
    duplicateConfirm: "この案件を複製しますか？",
    duplicateConfirmNote: "同じ期間・同じ出荷アイテムで「（複製）」の付いた案件を作成します。",
    duplicateConfirmLabel: "複製する",
    memberActivated: "メンバーを有効にしました。",
    memberDeactivated: "メンバーを無効にしました。",
    profileUpdated: "プロフィールを更新しました。",
    caseNotFoundTitle: "案件が見つかりません",
    caseNotFoundBody: "この案件は存在しないか、削除されています。",
    caseDeletedTitle: "この案件は削除されました。",
    caseDeletedBody: "この案件は別の画面で削除されました。案件一覧から別の案件を選んでください。",
    backToCases: "案件一覧へ戻る",
    ownerSignedUp: "登録しました。ログインしてください。",
    staffSignedUp:
      "登録しました。グループのオーナーがアカウントを有効にすると、ログインできるようになります。",
    notMemberExplained:
      "グループのオーナーがアカウントを有効にするまでログインできません。オーナーに有効化を依頼してください。",
    membersNav: "メンバー",
    membersNavPending: (count: number) => `メンバー（有効化待ち ${count}人）`,
    menuPending: "メニュー（有効化待ちのメンバーがいます）",
    memberUnavailableTitle: "このメンバーは表示できません",
    memberUnavailableBody: "自分以外のメンバー情報は、グループのオーナーだけが編集できます。",
    memberMissingBody: "このメンバーは存在しないか、削除されています。",
    csvActive: "有効",
    csvInactive: "無効",
    csvOwnerYes: "はい",
    csvOwnerNo: "いいえ",
  },
} as const;
