/**
 * Texts that several screens use: validation, errors, dialogs, feedback, tables and pagers, the date
 * picker, the 404 and 403 pages and presence (the first screen's part of these sections is in firstScreen.ts).
 */
export const ja = {
  validation: {
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
    groupNameTaken: "このグループ名は既に使われています",
    groupRequired: "グループを選択してください",
    groupNotFound: "グループが見つかりません",
    ownerClaimRefused: "このグループにはオーナー登録できません",
    unknownField: "この項目は変更できません",
    invalidValue: "値が正しくありません",
    dateTimeText: "日時は 2026/11/24 18:00 のように入力してください", // ours: a typed date-time that names no date
    dateText: "日付は 2026/11/24 のように入力してください", // ours: a typed day that names no date
    forbiddenCharacter: "使用できない文字（NUL文字など）が含まれています", // ours
    // ours: the one range of times and days the API reads (common/src/input.ts)
    instantOutOfRange: "日時は1900年1月1日から9998年12月31日までの範囲で入力してください",
    dayOutOfRange: "日付は1900年1月1日から9998年12月31日までの範囲で指定してください",
  },
  errors: {
    // spec §8
    groupFetchFailed: "グループの取得に失敗しました。",
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
    badContentEncoding: "リクエスト本文の圧縮形式が正しくありません", // ours: Content-Encoding that the body is not in
  },
  // ours unless noted: texts the web client needs that the spec does not give
  common: {
    cancel: "キャンセル", // spec (dialogs)
    openPicker: (label: string) => `${label}のカレンダーを開く`, // ours: the date fields' picker button
    picker: (label: string) => `${label}のカレンダー`, // ours: the date picker popup's name
    dateTimePlaceholder: "例 2026/11/24 18:00", // ours: an empty date-time field
    datePlaceholder: "例 2026/11/24", // ours: an empty day field
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
    memberUnavailableTitle: "このメンバーは表示できません",
    memberUnavailableBody: "自分以外のメンバー情報は、グループのオーナーだけが編集できます。",
    memberMissingBody: "このメンバーは存在しないか、削除されています。",
    csvActive: "有効",
    csvInactive: "無効",
    csvOwnerYes: "はい",
    csvOwnerNo: "いいえ",
  },
  table: {
    pageSize: "表示アイテム数",
    all: "全て", // ours: label of the "all rows" page size
    empty: "データがありません", // ours
  },
  pager: {
    first: "最初のページ",
    previous: "前のページ",
    next: "次のページ",
    last: "最後のページ",
    report: (page: number, pages: number, rows: number) => `${page} / ${pages} ページ（${rows}件）`,
  },
  calendar: {
    /** Sunday first, as Date#getDay counts: the weekly view's day labels (`11/22(日)`, DOMAIN.md) and the picker. */
    weekdays: ["日", "月", "火", "水", "木", "金", "土"],
    weekdayNames: ["日曜日", "月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日"], // ours: the picker
    months: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"], // ours: the picker
    today: "今日", // ours: the picker's button bar
    clear: "クリア", // ours: the picker's button bar
  },
  notFound: {
    title: "ページが見つかりません", // ours
    body: "お探しのページは存在しないか、移動しました。", // ours
    back: "ワークケースへ戻る", // ours
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
  // ours: who else has a case or the warehouse board open (docs/realtime.md "Presence")
  presence: {
    label: "閲覧中",
    /** The chips' accessible name: who else is on this screen right now. */
    region: "この画面を閲覧中のメンバー",
  },
} as const;
