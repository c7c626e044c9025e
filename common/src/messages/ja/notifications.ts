/**
 * ours: the bell (in-app notifications) and the calendar feed (docs/notifications.md).
 */
export const ja = {
  notifications: {
    title: "お知らせ",
    empty: "お知らせはありません。",
    fetchFailed: "お知らせの取得に失敗しました。サーバーとの接続を確認してください。",
    markRead: "既読にする",
    markAllRead: "すべて既読にする",
    unreadOnly: "未読のみ",
    unreadBadge: "未読",
    openCase: "案件を開く",
    system: "システム",
    holdExpiring: (title: string, due: string) =>
      `仮押さえ「${title}」の期限が近づいています（${due} に解放されます）。本予約にするか、期限を変更してください。`,
    holdLapsed: (title: string, due: string) =>
      `仮押さえ「${title}」は期限（${due}）が過ぎたため解放されました。`,
    caseConfirmed: (who: string, title: string) => `${who} さんが案件「${title}」を本予約にしました。`,
    caseCancelled: (who: string, title: string) => `${who} さんが案件「${title}」をキャンセルしました。`,
    overdue: (title: string, item: string, q: number, due: string) =>
      `案件「${title}」の ${item} ${q}個が返却予定（${due}）を過ぎても入庫されていません。`,
    unitLost: (who: string, title: string, item: string, q: number) =>
      `${who} さんが案件「${title}」の ${item} ${q}個を紛失として記録しました。`,
    unitBroken: (who: string, title: string, item: string, q: number) =>
      `${who} さんが案件「${title}」の ${item} ${q}個を故障として記録しました。`,
    notFound: "お知らせが見つかりません",
  },
  calendarFeed: {
    sectionTitle: "カレンダー連携（iCal）",
    explain:
      "グループの案件をカレンダーアプリ（Googleカレンダー、Outlook など）に表示できます。URLを知っている人は誰でも案件を見られるため、共有しないでください。",
    inactive: "カレンダー連携のURLはまだ発行されていません。",
    activeSince: (at: string) => `${at} に発行したURLが有効です。URLは発行したときにだけ表示されます。`,
    create: "URLを発行",
    regenerate: "URLを再発行",
    revoke: "URLを無効にする",
    copy: "URLをコピー",
    copied: "URLをコピーしました",
    urlLabel: "カレンダー連携のURL",
    newUrlNote:
      "このURLは今だけ表示されます。カレンダーアプリに登録してください。以前のURLは使えなくなりました。",
    confirmRegenerate: "URLを再発行すると、今のURLは使えなくなります。再発行しますか？",
    confirmRevoke: "URLを無効にすると、登録したカレンダーに案件が表示されなくなります。無効にしますか？",
    revoked: "URLを無効にしました",
    failed: "カレンダー連携の設定に失敗しました。",
    downloadIcs: "カレンダーに追加（.ics）",
    downloadFailed: "カレンダーファイルのダウンロードに失敗しました。",
    // In the calendar apps: the event's title and description.
    tentativeTitle: (title: string) => `【仮押さえ】${title}`,
    holdLine: (due: string, holder: string) => `仮押さえ期限：${due}・担当：${holder}`,
    linkLine: (url: string) => `案件を開く：${url}`,
    calendarName: (group: string) => `在庫管理：${group}`,
  },
} as const;
