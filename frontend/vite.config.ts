import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const backend = "http://127.0.0.1:3000";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      // moment-timezone's default entry carries every zone's full history (~730 kB). The client
      // only shows Asia/Tokyo, whose offset has not changed since 1951, so the small build with
      // a ten-year window of all zones gives the same answers.
      {
        find: /^moment-timezone$/,
        replacement: "moment-timezone/builds/moment-timezone-with-data-10-year-range.js",
      },
      // moment's locale files require "../moment" (the CommonJS file) while a bare "moment" import
      // would pick the ESM copy: two moments, and the Japanese locale registered in the wrong one.
      { find: /^moment$/, replacement: "moment/moment.js" },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    proxy: {
      "/api": { target: backend, changeOrigin: false },
      "/download": { target: backend, changeOrigin: false },
      "/socket.io": { target: backend, ws: true, changeOrigin: false },
    },
  },
});
