/** The group feature's public surface: what sign-up uses to claim a group's owner seat. */
export { groupHasOwner, lockGroup } from "./groups.queries";
export { OWNER_CLAIM_MINUTES } from "./groups.service";
