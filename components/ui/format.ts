/** The API's local date-time `YYYY-MM-DDTHH:MM:SS` as `YYYY-MM-DD HH:MM:SS`; empty for null. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? value.replace("T", " ") : "";
}

export function formatCount(value: number): string {
  return value.toLocaleString("en");
}
