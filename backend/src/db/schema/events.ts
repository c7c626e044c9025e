import { bigint, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The last sequence number handed out per event stream (`group:<id>`, `members:<id>`): kept in the
 * database so every app process stamps one growing sequence and a client can notice a gap
 * (docs/realtime.md). No foreign key: a stream outlives nothing and costs one row.
 */
export const eventStreams = pgTable("event_streams", {
  stream: text("stream").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
});
