ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "browser_locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'es', 'fr'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_browser_locale_check" CHECK ("users"."browser_locale" in ('en', 'es', 'fr'));