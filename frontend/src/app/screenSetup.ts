/**
 * What every screen but the login form needs before it renders: PrimeIcons' stylesheet (and through it
 * the icon font, fetched only when an icon is drawn), the whole PrimeReact theme and PrimeReact's Japanese
 * texts. Loaded with each screen's chunk (routes.tsx) rather than the first one, so that /login downloads
 * neither PrimeReact's JavaScript, nor the icon font, nor the theme's rules for other components
 * (docs/frontend.md, "First screen"). Vite loads a lazy chunk's CSS before the chunk runs: the screen's
 * first render is styled.
 */
import "primeicons/primeicons.css";
import "../components/primeTheme";
import { setPrimeReactJapanese } from "./primeLocale";

setPrimeReactJapanese();
