/** One line per item a refused write would overbook (ours): `required` = peak usage after the change, `available` = stock. */
export const shortageLine = (title: string, required: number, available: number) =>
  `${title}：${required - available}個不足（引当数 ${required} / 在庫数 ${available}）`;
