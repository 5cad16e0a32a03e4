/** Column specs of the intake tables for the bulk upsert SQL (lib/data/upsert-sql.ts). */
import type { TableSpec } from "./upsert-sql";

export const ITEMS: TableSpec = {
  table: "items",
  key: "item_id",
  touch: ["date_modified"],
  columns: [
    { name: "item_name", type: "text", fallback: "''" },
    { name: "alternative_id", type: "text", fallback: "NULL" },
    { name: "alternative_name", type: "text", fallback: "''" },
    { name: "simple_name", type: "text", fallback: "''" },
    { name: "is_active", type: "boolean", fallback: "true" },
    { name: "stock", type: "integer", fallback: "NULL" },
    { name: "product_url", type: "text", fallback: "''" },
    { name: "product_price", type: "float8", fallback: "0" },
    { name: "original_price", type: "float8", fallback: "0" },
    { name: "currency", type: "text", fallback: "''" },
    { name: "main_image", type: "text", fallback: "''" },
    { name: "images", type: "jsonb", fallback: "'[]'::jsonb" },
    { name: "attributes", type: "jsonb", fallback: "'[]'::jsonb" },
    { name: "categories", type: "jsonb", fallback: "'[]'::jsonb" },
    { name: "descriptions", type: "jsonb", fallback: "'[]'::jsonb" },
    { name: "custom", type: "jsonb", fallback: "'[]'::jsonb" },
    { name: "date_added", type: "timestamptz", fallback: "now()" },
    { name: "is_synthetic", type: "boolean", fallback: "false" },
  ],
};

export const CUSTOMERS: TableSpec = {
  table: "customers",
  key: "customer_id",
  touch: ["date_modified"],
  columns: [
    { name: "first_name", type: "text", fallback: "''" },
    { name: "last_name", type: "text", fallback: "''" },
    { name: "vocative_name", type: "text", fallback: "''" },
    { name: "email", type: "text", fallback: "NULL" },
    { name: "phone_number", type: "text", fallback: "NULL" },
    { name: "gender", type: "text", fallback: "''" },
    { name: "age", type: "integer", fallback: "NULL" },
    { name: "city", type: "text", fallback: "''" },
    { name: "country", type: "text", fallback: "''" },
    { name: "segment_id", type: "text", fallback: "''" },
    { name: "segment_name", type: "text", fallback: "''" },
    { name: "email_consent", type: "boolean", fallback: "false" },
    { name: "sms_consent", type: "boolean", fallback: "false" },
    { name: "viber_consent", type: "boolean", fallback: "false" },
    { name: "is_synthetic", type: "boolean", fallback: "false" },
  ],
};

export const DISCOUNTS: TableSpec = {
  table: "discounts",
  key: "discount_id",
  touch: ["date_modified"],
  columns: [
    { name: "discount_name", type: "text", fallback: "''" },
    { name: "leaflet_id", type: "text", fallback: "''" },
    { name: "item_ids", type: "text[]", fallback: "ARRAY[]::text[]" },
    { name: "discount_percent", type: "float8", fallback: "0" },
    { name: "valid_from", type: "timestamptz", fallback: "NULL" },
    { name: "valid_to", type: "timestamptz", fallback: "NULL" },
  ],
};
