CREATE TABLE "bulk_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"filter" jsonb NOT NULL,
	"status" text,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"message" text,
	"file" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_jobs_running_idx" ON "bulk_jobs" USING btree ("id") WHERE "bulk_jobs"."state" = 'running';