DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "orders_order_date_idx";--> statement-breakpoint
CREATE INDEX "event_logs_order_item_idx" ON "event_logs" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_items_waiting_idx" ON "order_items" USING btree ("status_changed_at","id") WHERE "order_items"."status" <> 'DELIVERED';--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("status","order_date","id");--> statement-breakpoint
CREATE INDEX "orders_stage_rank_idx" ON "orders" USING btree ((CASE "status" WHEN 'ORDER_PLACED' THEN 0 WHEN 'LOCATION_ENABLED' THEN 1 WHEN 'DOCUMENTS_PENDING' THEN 2 WHEN 'DOCUMENTS_SIGNING' THEN 3 WHEN 'FINANCING_PAYMENT' THEN 4 WHEN 'SITE_PREP' THEN 5 WHEN 'PRODUCTION' THEN 6 WHEN 'DELIVERY_DATE_CONFIRMED' THEN 7 WHEN 'FINAL_DOCUMENTS' THEN 8 WHEN 'DELIVERED' THEN 9 END),"id");--> statement-breakpoint
CREATE INDEX "payment_sessions_order_idx" ON "payment_sessions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_order_date_idx" ON "orders" USING btree ("order_date","id");