/** Limits from DOMAIN.md, shared by forms and the server. */
export const NAME_MAX = 200;
export const NOTE_MAX = 2000;
export const PASSWORD_MIN = 8;
/** bcrypt only looks at the first 72 bytes; longer passwords are refused rather than silently cut. */
export const PASSWORD_MAX = 72;
export const EMAIL_MAX = 254;
export const STOCK_MAX = 1_000_000;
