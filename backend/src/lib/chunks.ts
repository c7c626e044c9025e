/** `list` cut into consecutive pieces of `size` (the last one shorter): the rows of one statement each. */
export const chunks = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
