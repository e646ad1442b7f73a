CREATE TABLE "merchant_application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"out_request_no" text NOT NULL,
	"applyment_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"organization_type" text NOT NULL,
	"merchant_name" text NOT NULL,
	"body" jsonb NOT NULL,
	"body_hash" text NOT NULL,
	"reject_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sign_url" text,
	"sub_mchid" text,
	"submit_count" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_bank_branches" (
	"id" text PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"city_code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_banks" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"kind" text NOT NULL,
	"cnaps" text NOT NULL,
	"province_code" text,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_code" text,
	"sort" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_application_events" ADD CONSTRAINT "merchant_application_events_application_id_merchant_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."merchant_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD CONSTRAINT "merchant_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_application_events_app_idx" ON "merchant_application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_applications_out_request_no_uq" ON "merchant_applications" USING btree ("out_request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_applications_applyment_id_uq" ON "merchant_applications" USING btree ("applyment_id");--> statement-breakpoint
CREATE INDEX "merchant_applications_user_idx" ON "merchant_applications" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "merchant_applications_state_idx" ON "merchant_applications" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "merchant_bank_branches_lookup_idx" ON "merchant_bank_branches" USING btree ("bank_code","city_code","sort");--> statement-breakpoint
CREATE INDEX "merchant_regions_parent_idx" ON "merchant_regions" USING btree ("parent_code","sort");