/**
 * What every screen but the login form needs before it renders: PrimeIcons' stylesheet (and through it
 * the icon font, fetched only when an icon is drawn) and PrimeReact's Japanese texts. Loaded with each
 * screen's chunk (routes.tsx) rather than the first one, so that /login downloads neither PrimeReact's
 * JavaScript nor the icon font (docs/frontend.md, "First screen").
 */
import "primeicons/primeicons.css";
import { setPrimeReactJapanese } from "./primeLocale";

setPrimeReactJapanese();
