// The theme's variables and the first screen's rules; the rest comes with the screens (app/screenSetup.ts).
import "primereact/resources/themes/lara-light-blue/theme.css?first-screen";
import "primereact/resources/primereact.min.css";
import "./app/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, createApp } from "./app/App";
import { afterFirstScreen, prefetchScreens } from "./app/prefetch";
import { routes } from "./app/routes";
import { restoreSession } from "./features/auth/useSessionRestore";

const app = createApp();
// The worker that served this page, read before anything else runs (src/app/serviceWorker.ts compares it).
const controllerAtLoad = "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

createRoot(container).render(
  <StrictMode>
    <App {...app} />
  </StrictMode>,
);
// Right after the first paint (the header and a spinner), the session's request, the screen's first GETs
// and its files leave, and the screen's queries start when their module is here. Started before the first
// render, the screen's 40-odd requests and the files that arrived meanwhile came before the first paint.
requestAnimationFrame(() =>
  setTimeout(() => {
    restoreSession(app.store.dispatch, app.store.getState().session.restoring);
    prefetchScreens(routes, window.location, app.store.dispatch);
    // The service worker (docs/frontend.md, "Installable app"): its own chunk, after the first screen.
    if (import.meta.env.PROD && "serviceWorker" in navigator)
      afterFirstScreen(
        () =>
          void import("./app/serviceWorker").then((sw) =>
            sw.registerServiceWorker(app.router, controllerAtLoad),
          ),
      );
  }, 0),
);
