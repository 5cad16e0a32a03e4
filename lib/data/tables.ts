/** Column specs of the intake tables for the bulk upsert SQL (lib/data/upsert-sql.ts). */
import { ITEM_FIELDS } from "./item-fields";
import type { TableSpec } from "./upsert-sql";

export const ITEMS: TableSpec = {
  table: "items",
  key: "item_id",
  touch: ["date_modified"],
  columns: [
    ...ITEM_FIELDS.filter((f) => f.name !== "item_id").map((f) => ({ name: f.name, ...f.sql })),
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
