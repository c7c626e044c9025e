/**
 * Every user-facing Japanese string, keyed. Texts are copied exactly from the product spec
 * (shared/spec/product-spec.md §2, §5, §8); strings the spec does not give are marked "ours".
 */
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
  },
  login: {
    title: "ログイン",
    email: "メールアドレス",
    password: "パスワード",
    submit: "ログイン",
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
} as const;
