CREATE TABLE "financing_application_documents" (
	"application_id" integer NOT NULL,
	"upload_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "financing_application_documents_application_id_upload_id_pk" PRIMARY KEY("application_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "financing_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"item_number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"provider" text,
	"term_months" integer,
	"amount" integer,
	"applicant" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_webhooks" ADD COLUMN "signing_key" text DEFAULT 'automationSigningSecret' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_webhooks" ADD COLUMN "financing_application_id" integer;--> statement-breakpoint
ALTER TABLE "financing_application_documents" ADD CONSTRAINT "financing_application_documents_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_application_documents" ADD CONSTRAINT "financing_application_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financing_application_documents_upload_idx" ON "financing_application_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_applications_item_key" ON "financing_applications" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "financing_applications_state_idx" ON "financing_applications" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "financing_applications_order_idx" ON "financing_applications" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "financing_applications_user_idx" ON "financing_applications" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "outbound_webhooks" ADD CONSTRAINT "outbound_webhooks_financing_application_id_financing_applications_id_fk" FOREIGN KEY ("financing_application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;