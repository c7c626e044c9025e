export { teardown as default } from "./sharedApp";
