/** The signed-in user as every route and socket sees it. The group always comes from here, never from the request. */
export interface AuthUser {
  id: number;
  groupId: number;
  email: string;
  isOwner: boolean;
}

/** Resolves an access token to an active member, or undefined (AppDeps.authenticate, built in server.ts). */
export type Authenticate = (token: string | undefined) => Promise<AuthUser | undefined>;
