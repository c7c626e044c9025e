/**
 * The texts of the first screen: the login form, the header and the app shell (loading, session checks,
 * session expiry). The only texts in the first download (docs/frontend.md, "First screen"): the modules of
 * the first chunk import `ja` from here, so a text they need must be added here. ja.ts merges these into
 * the sections of the same name.
 */
export const ja = {
  app: {
    title: "在庫管理",
  },
  nav: {
    workcase: "ワークケース",
    category: "カテゴリ",
    item: "アイテム",
    subrentals: "外部手配", // ours (docs/subrental.md)
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
    tooLong: (max: number) => `${max}文字以内で入力してください`, // ours
  },
  errors: {
    // spec §8
    sessionExpired: "セッションの有効期限が切れました。再ログインが必要です。",
    loginFailed: "ログインに失敗しました。",
    userInfoFailed: "ユーザー情報の取得に失敗しました。",
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
  // ours unless noted: texts the web client needs that the spec does not give
  common: {
    loading: "読み込み中…",
    close: "閉じる",
  },
  session: {
    restoring: "セッションを確認しています…",
  },
  header: {
    mainNav: "メインナビゲーション",
    // ours: the bell (docs/notifications.md); its list's texts are in ja/notifications.ts
    bell: "お知らせ",
    bellUnread: (n: number) => `お知らせ（未読 ${n}件）`,
  },
  // ours: the warehouse board /warehouse (docs/warehouse.md)
  warehouse: {
    nav: "倉庫",
  },
  // ours: in-app alerts, confirmations and success toasts (docs/frontend.md "Feedback")
  feedback: {
    ownerSignedUp: "登録しました。ログインしてください。",
    staffSignedUp:
      "登録しました。グループのオーナーがアカウントを有効にすると、ログインできるようになります。",
    notMemberExplained:
      "グループのオーナーがアカウントを有効にするまでログインできません。オーナーに有効化を依頼してください。",
    membersNav: "メンバー",
    membersNavPending: (count: number) => `メンバー（有効化待ち ${count}人）`,
    menuPending: "メニュー（有効化待ちのメンバーがいます）",
  },
} as const;
