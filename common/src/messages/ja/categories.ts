/**
 * The category list (/category).
 */
export const ja = {
  // ours unless noted: the category list screen (/category)
  categoryList: {
    search: "カテゴリ検索", // spec (category search)
    create: "新規登録", // spec (new registration)
    column: "カテゴリ",
    actions: "アクション",
    edit: "編集",
    delete: "削除",
    name: "カテゴリ名",
    createTitle: "新規カテゴリ", // spec (new category)
    editTitle: "カテゴリ編集", // spec (category edit)
    deleteTitle: "カテゴリ削除",
    save: "保存",
    update: "更新",
  },
} as const;
