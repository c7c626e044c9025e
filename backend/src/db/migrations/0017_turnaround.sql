ALTER TABLE "categories" ADD COLUMN "turnaround_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "turnaround_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "turnaround_before_minutes" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "turnaround_after_minutes" integer;--> statement-breakpoint
CREATE INDEX "items_own_turnaround_idx" ON "items" USING btree ("group_id") WHERE turnaround_before_minutes IS NOT NULL OR turnaround_after_minutes IS NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_turnaround_range" CHECK ("categories"."turnaround_before_minutes" BETWEEN 0 AND 43200 AND "categories"."turnaround_after_minutes" BETWEEN 0 AND 43200);--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_turnaround_range" CHECK ("items"."turnaround_before_minutes" BETWEEN 0 AND 43200 AND "items"."turnaround_after_minutes" BETWEEN 0 AND 43200);