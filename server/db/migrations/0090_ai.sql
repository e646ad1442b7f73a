-- Issue 52: AI generation and analysis. Nonces of signed AI calls (kept for the timestamp window, so a replay is
-- refused by every process), each generation with the project it became, each AI count taken (and given back when
-- the model failed), and the analysis conversations a user saved about a project.
CREATE TABLE "ai_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"seen_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "ai_nonces_seen_idx" ON "ai_nonces" USING btree ("seen_at");--> statement-breakpoint
CREATE TABLE "ai_generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"brand" text NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"engine" text NOT NULL,
	"engine_name" text NOT NULL,
	"draft" jsonb NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"project_id" integer REFERENCES "projects"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_generations_engine_ck" CHECK ("engine" IN ('builtin', 'model'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "ai_generations_public_id_uq" ON "ai_generations" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "ai_generations_user_idx" ON "ai_generations" USING btree ("user_id", "id");--> statement-breakpoint
CREATE TABLE "ai_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"purpose" text NOT NULL,
	"units" integer NOT NULL,
	"state" text DEFAULT 'taken' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "ai_uses_purpose_ck" CHECK ("purpose" IN ('generate', 'analyze')),
	CONSTRAINT "ai_uses_state_ck" CHECK ("state" IN ('taken', 'returned')),
	CONSTRAINT "ai_uses_units_ck" CHECK ("units" > 0)
);--> statement-breakpoint
CREATE INDEX "ai_uses_user_idx" ON "ai_uses" USING btree ("user_id", "id");--> statement-breakpoint
CREATE TABLE "ai_analyses" (
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_analyses_pk" PRIMARY KEY ("project_id", "user_id")
);
