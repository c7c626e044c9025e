/**
 * The warehouse board (/warehouse); its menu entry is in firstScreen.ts.
 */
export const ja = {
  // ours: the warehouse board /warehouse (docs/warehouse.md); the spec has no texts for it
  warehouse: {
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
    // a line partly out or back (docs/warehouse.md): the status says how many, the big button moves the rest
    partlyIssued: (n: number, of: number) => `出庫 ${n}/${of}`,
    partlyReceived: (n: number, of: number) => `入庫 ${n}/${of}`,
    issueRest: (n: number) => `残り${n}個を出庫`,
    receiveRest: (n: number) => `残り${n}個を入庫`,
    /** Everything accounted for, some of it lost or broken: 入庫 3・紛失 1 (zero parts left out). */
    receivedParts: (returned: number, lost: number, broken: number) =>
      [`入庫 ${returned}`, lost > 0 ? `紛失 ${lost}` : "", broken > 0 ? `故障 ${broken}` : ""]
        .filter(Boolean)
        .join("・"),
    toggleLabel: (action: string, title: string) => `${action}：${title}`,
    // a set booked on a case (docs/sets.md): one group over its parts, moved whole or part by part
    sets: (n: number) => `${n}セット`,
    setParts: (parts: readonly { title: string; quantity: number }[]) =>
      parts.map((p) => `${p.title} ${p.quantity}個`).join("・"),
    setIssue: "セットで出庫",
    setReceive: "セットで入庫",
    setIssueFailed: "セットの出庫に失敗しました。",
    setReceiveFailed: "セットの入庫に失敗しました。",
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
} as const;
