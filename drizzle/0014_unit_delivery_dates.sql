-- A delivery date belongs to a unit (decision 239): the order's delivery_date is now derived, the
-- earliest of its units' dates. Before, a booking also wrote its day on the order, which every other
-- unit of the order then showed; recompute it from the units.
UPDATE "orders" SET "delivery_date" = (
  SELECT min("order_items"."delivery_date") FROM "order_items" WHERE "order_items"."order_id" = "orders"."id"
) WHERE "delivery_date" IS DISTINCT FROM (
  SELECT min("order_items"."delivery_date") FROM "order_items" WHERE "order_items"."order_id" = "orders"."id"
);
