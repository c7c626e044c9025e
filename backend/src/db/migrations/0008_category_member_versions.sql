ALTER TABLE "categories" ADD COLUMN "version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Categories and members get the row versions of migration 0005 (bump_row_version, on every UPDATE, in the
-- row's commit order), so a client keeps the newest state of them too (docs/realtime.md).
CREATE TRIGGER categories_bump_version BEFORE UPDATE ON categories FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER users_bump_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION bump_row_version();
