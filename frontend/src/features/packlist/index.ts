/** The pack list feature's public surface: the button a case screen shows (the page is a lazy route). */
export { PackListButton, packListPath } from "./PackListButton";
