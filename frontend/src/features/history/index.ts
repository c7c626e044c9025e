/** The history feature's public surface (docs/history.md): the live panel and the owner's CSV form. */
export { ActivityPanel } from "./ActivityPanel";
export { HistoryExportForm } from "./HistoryExportForm";
export type { HistoryTarget } from "./historyApi";
