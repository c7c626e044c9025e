export * from "./cases";
export * from "./catalogue";
export * from "./events";
export * from "./groups";
export * from "./history";
export * from "./idempotency";
export * from "./notifications";
export * from "./users";
