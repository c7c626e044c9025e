import "primereact/resources/themes/lara-light-blue/theme.css";
import "primereact/resources/primereact.min.css";
import "./app/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, createApp } from "./app/App";
import { prefetchScreens } from "./app/prefetch";
import { routes } from "./app/routes";

const app = createApp();
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

createRoot(container).render(
  <StrictMode>
    <App {...app} />
  </StrictMode>,
);
prefetchScreens(routes, window.location.pathname);
