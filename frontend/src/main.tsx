// The theme's variables and the first screen's rules; the rest comes with the screens (components/primeTheme.ts).
import "primereact/resources/themes/lara-light-blue/theme.css?first-screen";
import "primereact/resources/primereact.min.css";
import "./app/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, createApp } from "./app/App";
import { prefetchScreens } from "./app/prefetch";
import { routes } from "./app/routes";
import { restoreSession } from "./features/auth/useSessionRestore";

const app = createApp();
// Before the first render: the session's request, the screen's first GETs and its chunk leave at once,
// and the screen's queries start when their module is here.
restoreSession(app.store.dispatch, app.store.getState().session.restoring);
prefetchScreens(routes, window.location, app.store.dispatch);
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

createRoot(container).render(
  <StrictMode>
    <App {...app} />
  </StrictMode>,
);
