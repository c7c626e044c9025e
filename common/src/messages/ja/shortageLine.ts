/**
 * One line per item a refused write would overbook (ours): `required` = peak usage after the change, `available`
 * = stock. Plain words (必要 / 在庫), as the overdue warning's line: 引当数 was jargon to coordinators (issue 36).
 */
export const shortageLine = (title: string, required: number, available: number) =>
  `${title}：${required - available}個不足（必要 ${required}個 / 在庫 ${available}個）`;
