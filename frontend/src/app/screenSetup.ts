/**
 * What every screen but the login form needs before it renders: the whole PrimeReact theme and
 * PrimeReact's Japanese texts. Loaded with each screen's chunk (routes.tsx) rather than the first one, so
 * that /login downloads neither PrimeReact's JavaScript nor the theme's rules for other components
 * (docs/frontend.md, "First screen"). Vite loads a lazy chunk's CSS before the chunk runs: the screen's
 * first render is styled. Icons are SVG components (components/icons), not PrimeIcons' font, which every
 * screen that drew an icon had to download first.
 */
// The whole theme but its variables, already in the first chunk (build/themeSplit.ts); with the screens'
// other stylesheets in one file (build/screenStyles.ts).
import "primereact/resources/themes/lara-light-blue/theme.css?screens";
import "../components/visuallyHidden.css";
import { setPrimeReactJapanese } from "./primeLocale";

setPrimeReactJapanese();
