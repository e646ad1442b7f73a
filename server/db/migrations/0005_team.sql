CREATE TABLE "team_work_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"code" text NOT NULL,
	"project_id" integer NOT NULL,
	"power_type" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "team_work_codes" ADD CONSTRAINT "team_work_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_work_codes_public_id_uq" ON "team_work_codes" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_work_codes_code_uq" ON "team_work_codes" USING btree ("code");