-- Every product file attached before versions were kept becomes its own first version.
INSERT INTO "product_file_versions" ("file_id", "number", "storage_key", "original_name", "extension", "content_type", "size", "created_at")
SELECT "id", 1, "storage_key", "original_name", "extension", "content_type", "size", "created_at"
FROM "product_files"
ON CONFLICT DO NOTHING;
