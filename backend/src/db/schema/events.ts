import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The last sequence number handed out per event stream (`group:<id>`, `members:<id>`): kept in the
 * database so every app process stamps one growing sequence and a client can notice a gap
 * (docs/realtime.md). No foreign key: a stream outlives nothing and costs one row.
 */
export const eventStreams = pgTable("event_streams", {
  stream: text("stream").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
});

/**
 * The app processes that publish events, each with the last time it said it was alive. A process that
 * stops saying so without removing its row died, possibly between a commit and its publish: the others
 * then tell their clients to resync (docs/realtime.md, "No silent loss").
 */
export const realtimeProcesses = pgTable("realtime_processes", {
  id: text("id").primaryKey(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});
