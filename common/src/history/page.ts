/** Entries in one answer of GET /api/history/ (newest first; `before` pages back through older ones). */
export const HISTORY_PAGE = 100;
