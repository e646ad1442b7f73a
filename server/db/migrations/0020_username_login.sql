-- A phone-shaped user name could claim someone else's number as a login alias (issue 16 item 5): such names
-- (any format, full-width digits, bare numbers of 5+ digits) go back to the default 用户<last 4 digits>.
UPDATE "users" SET "username" = '用户' || right("phone", 4)
WHERE regexp_replace(translate("username", '０１２３４５６７８９＋', '0123456789+'), '[[:space:]　().（）-]', '', 'g') ~ '^\+?[0-9]{5,}$';--> statement-breakpoint
CREATE INDEX "users_username_idx" ON "users" USING btree ("username");
