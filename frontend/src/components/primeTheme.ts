/**
 * The whole PrimeReact theme (but its variables, already in the first chunk): imported by whatever draws
 * PrimeReact components (app/screenSetup.ts for every lazy screen, the feedback host's dialogs and toasts),
 * so that its CSS has loaded before they render. The first chunk carries only the rules of the login form,
 * the header and the spinner (frontend/build/themeSplit.ts; docs/frontend.md, "First screen").
 */
import "primereact/resources/themes/lara-light-blue/theme.css?screens";
