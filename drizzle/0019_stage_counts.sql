CREATE TABLE "stage_counts" (
	"kind" text NOT NULL,
	"stage" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stage_counts_kind_stage_idx" ON "stage_counts" USING btree ("kind","stage");--> statement-breakpoint
CREATE FUNCTION "stage_counts_rows_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stage_counts" ("kind", "stage", "delta")
    SELECT TG_ARGV[0], "status", count(*) FROM "added_rows" GROUP BY "status";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "stage_counts_rows_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stage_counts" ("kind", "stage", "delta")
    SELECT TG_ARGV[0], "status", -count(*) FROM "removed_rows" GROUP BY "status";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "stage_counts_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stage_counts" ("kind", "stage", "delta")
    SELECT TG_ARGV[0], "stage", sum("change") FROM (
      SELECT "status" AS "stage", 1 AS "change" FROM "added_rows"
      UNION ALL
      SELECT "status", -1 FROM "removed_rows"
    ) AS "changes"
    GROUP BY "stage" HAVING sum("change") <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "stage_counts_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stage_counts" WHERE "kind" = TG_ARGV[0];
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_stage_counts_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "stage_counts_rows_added"('order');
--> statement-breakpoint
CREATE TRIGGER "orders_stage_counts_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "removed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "stage_counts_rows_removed"('order');
--> statement-breakpoint
CREATE TRIGGER "orders_stage_counts_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "removed_rows" NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "stage_counts_rows_changed"('order');
--> statement-breakpoint
CREATE TRIGGER "orders_stage_counts_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "stage_counts_emptied"('order');
--> statement-breakpoint
CREATE TRIGGER "order_items_stage_counts_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "stage_counts_rows_added"('unit');
--> statement-breakpoint
CREATE TRIGGER "order_items_stage_counts_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS "removed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "stage_counts_rows_removed"('unit');
--> statement-breakpoint
CREATE TRIGGER "order_items_stage_counts_update" AFTER UPDATE ON "order_items"
  REFERENCING OLD TABLE AS "removed_rows" NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "stage_counts_rows_changed"('unit');
--> statement-breakpoint
CREATE TRIGGER "order_items_stage_counts_truncate" AFTER TRUNCATE ON "order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "stage_counts_emptied"('unit');
--> statement-breakpoint
INSERT INTO "stage_counts" ("kind", "stage", "delta")
  SELECT 'order', "status", count(*) FROM "orders" GROUP BY "status"
  UNION ALL
  SELECT 'unit', "status", count(*) FROM "order_items" GROUP BY "status";
