/** The auth feature's public surface: what other features and the composition root may use. */
export { revokeAllOfUser } from "./auth.queries";
export { hashPassword, type PasswordDeps } from "./auth.service";
export { createAuthenticator } from "./authenticate.service";
