/**
 * The member list (/user).
 */
export const ja = {
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
    // ours (issue 36): who the owner is, and who waits for the owner to switch them on
    ownerTag: "オーナー",
    pendingTag: "承認待ち",
  },
} as const;
