/** The category feature's public surface: what other features (weekly view, CSV import) may use. */
export { presentCategory } from "./categories.presenter";
export { listCategories } from "./categories.queries";
