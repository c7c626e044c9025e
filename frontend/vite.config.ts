import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { pwaOptions } from "./build/pwa";
import { screenChunksGroup } from "./build/screenChunks";
import { screenFilesPlugin } from "./build/screenFiles";
import { screenStylesGroup } from "./build/screenStyles";
import { themeSplitPlugin } from "./build/themeSplit";
import { darkenThemeColors } from "./src/app/themeColors";

const backend = "http://127.0.0.1:3000";
const screenStyles = screenStylesGroup();
// Chunks under 8 KB of source join a larger one that their screens load (build/screenChunks.ts).
const screenChunks = screenChunksGroup(8000);

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [
    react(),
    screenFilesPlugin(),
    screenStyles.plugin,
    screenChunks.plugin,
    {
      // Text on the theme's blue, green and red reaches 4.5:1 (src/app/themeColors.ts).
      name: "zaiko:accessible-theme-colors",
      enforce: "pre",
      transform(code, id) {
        if (!/primereact\/resources\/themes\/[^/]+\/theme\.css$/.test(id.split("?")[0]!)) return null;
        return { code: darkenThemeColors(code), map: null };
      },
    },
    // After the colours: the first chunk gets the theme's rules for the first screen, the screens the rest.
    themeSplitPlugin({
      entry: fileURLToPath(new URL("./src/main.tsx", import.meta.url)),
      commonDir: fileURLToPath(new URL("../common/src", import.meta.url)),
    }),
    // A brotli (.br) and a gzip (.gz) copy beside every text file of the build, made once at their
    // highest levels; the server sends the one the browser accepts (backend/src/spa.ts). Fonts and
    // images are compressed already; files under 1 KiB would not gain.
    compression({
      algorithms: [
        defineAlgorithm("brotliCompress", { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm("gzip", { level: 9 }),
      ],
      include: /\.(js|css|html|svg|txt)$/,
      threshold: 1024,
    }),
    // The web app manifest and the service worker (build/pwa.ts, docs/frontend.md "Installable app").
    VitePWA(pwaOptions),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each route needs (the size budget test reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The signed-in screens' stylesheets, in one file (build/screenStyles.ts).
            screenStyles.group,
            // The screens' modules, one chunk per set of screens that import them (build/screenChunks.ts).
            screenChunks.group,
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: backend, changeOrigin: false },
      "/download": { target: backend, changeOrigin: false },
      "/socket.io": { target: backend, ws: true, changeOrigin: false },
    },
  },
});
