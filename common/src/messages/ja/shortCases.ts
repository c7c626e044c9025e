/**
 * A refused catalogue change names the cases that would go short (issue 37, docs/catalogue.md): the item
 * form, the category form and the CSV import's result. Ours.
 */
export const ja = {
  shortCases: {
    /** Above the cases an item's stock first breaks at: who holds it then. */
    caption: (item: string, at: string) => `${item}：${at} に押さえている案件`,
    listLabel: (item: string) => `${item}が不足する案件`,
  },
} as const;
