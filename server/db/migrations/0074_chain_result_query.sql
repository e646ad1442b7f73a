-- 结果查询 for sign-up chains (issue 48 item 4): a chain's entries are not answer sheets, so its switch lives with
-- the chain's settings. On, the join form asks a phone and the participant looks up their place at
-- /activityquery.html by that phone and an SMS code.
ALTER TABLE "chain_settings" ADD COLUMN "query_enabled" boolean DEFAULT false NOT NULL;
