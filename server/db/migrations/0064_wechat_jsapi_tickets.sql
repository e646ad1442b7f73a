-- Share cards (issue 47 item 2): the JS-SDK's jsapi_ticket of each bound official account, shared by every process
-- with its expiry (WeChat limits getticket calls and each new ticket replaces the last), and a short claim so one
-- process fetches it while the others wait for the row.
CREATE TABLE "wechat_jsapi_tickets" (
	"authorizer_id" integer PRIMARY KEY NOT NULL REFERENCES "wechat_authorizers"("id") ON DELETE cascade,
	"ticket" text,
	"expires_at" timestamp with time zone,
	"claim_until" timestamp with time zone
);
