import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { groups } from "./groups";

/** A person; belongs to exactly one group. Emails are stored trimmed and lower-cased. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    isMember: boolean("is_member").notNull().default(false),
    isOwner: boolean("is_owner").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md): clients keep the newest state of a member row. */
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`), index("users_group_idx").on(t.groupId)],
);

/**
 * Refresh tokens, one row per issued token. A rotation revokes the old row (and stamps `rotated_at`) and
 * adds the new one to the same family. A rotated token presented again within the grace window gets a
 * new token of the family (tabs that refreshed together, a lost response); any other revoked token
 * presented again revokes the whole family (theft detection). docs/sessions.md.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Set when the token was replaced by a rotation (not by logout, deactivation or theft detection). */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_user_idx").on(t.userId)],
);
