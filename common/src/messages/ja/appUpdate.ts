/**
 * The notice that a new version of the client has taken over (frontend/src/app/serviceWorker.ts) and the web
 * app manifest's description (frontend/build/pwa.ts). Imported directly by those two and not merged into
 * ja.ts: no screen shows these texts, and merged they became a chunk of their own that every screen loaded.
 */
export const ja = {
  // ours (docs/frontend.md, "Installable app")
  appUpdate: {
    ready: "新しいバージョンがあります。再読み込みすると切り替わります。",
    reload: "再読み込み",
    // the web app manifest's description (frontend/build/pwa.ts)
    description: "案件ごとの機材の予約と在庫を、チームでリアルタイムに管理します。",
  },
} as const;
