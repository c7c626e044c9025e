CREATE TABLE "event_streams" (
	"stream" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
