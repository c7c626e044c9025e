export { setup as default } from "./sharedApp";
