-- Issue 53: an event is queued once per webhook (a redelivery by hand is a new row naming the one it repeats).
CREATE UNIQUE INDEX "webhook_deliveries_once_uq" ON "webhook_deliveries" USING btree ("webhook_id", "event", "event_id") WHERE "redelivery_of" IS NULL;
