"use client";
import { useState } from "react";
import { SearchPreview } from "./search-preview";
import { SearchReport } from "./search-report";

/** The search preview and the search report, sharing the chosen touchpoint. */
export function SearchStudio() {
  const [touchpointId, setTouchpointId] = useState<string>();
  return (
    <div className="space-y-6">
      <SearchPreview touchpointId={touchpointId} onTouchpoint={setTouchpointId} />
      <SearchReport touchpointId={touchpointId} />
    </div>
  );
}
