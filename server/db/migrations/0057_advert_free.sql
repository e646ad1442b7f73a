-- 去广告 (issue 46): a project whose respondent page drops the brand's footer. The switch is the owner's; the
-- first time it is switched on one unit of the owner's advert quota is taken and advert_paid_at set, so switching
-- it off and on again is free (docs/decisions.md).
ALTER TABLE "projects" ADD COLUMN "advert_free" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "advert_paid_at" timestamp with time zone;
