/**
 * Sign-up and member edit (/signup, /useredit/{id}).
 */
export const ja = {
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
  signupForm: {
    role: "登録種別",
    groupPlaceholder: "選択してください",
    groupsEmpty: "グループがありません",
    groupsLoading: "グループを読み込んでいます…",
    passwordHint: "8文字以上",
  },
} as const;
