-- A product's number of sales is read from its sales rollup (`product_sales.count`), which every
-- purchase already keeps in the same statement. The copy on the product row made each purchase
-- rewrite that wide row, and locked it against the product-view batches, which also write it.
ALTER TABLE "products" DROP COLUMN "sales_count";
