-- Issue 53 (vote-hooks): a vote's webhooks. A webhook belongs to one project or to one vote (votes are not projects:
-- vote_activities); a vote's webhooks hear 'ballot.cast', queued by wj_ballot_held / wj_ballots with the ballot.
ALTER TABLE "webhooks" ADD COLUMN "vote_id" integer REFERENCES "vote_activities"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_owner_ck" CHECK (num_nonnulls("project_id", "vote_id") = 1);--> statement-breakpoint
CREATE INDEX "webhooks_vote_idx" ON "webhooks" USING btree ("vote_id") WHERE "enabled";
