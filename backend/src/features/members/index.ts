/** The member feature's public surface: what sign-up uses to create and announce a member. */
export { presentUser } from "./members.presenter";
export { insertUser } from "./members.queries";
export { announceMember } from "./members.service";
