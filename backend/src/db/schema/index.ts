export * from "./cases";
export * from "./catalogue";
export * from "./groups";
export * from "./users";
