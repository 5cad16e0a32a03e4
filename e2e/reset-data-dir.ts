/**
 * Deletes the end-to-end tests' database (.data-e2e) before the web server starts, so each run
 * begins with only the demo users. Run by playwright.config.ts's webServer command.
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";

const dir = resolve(".data-e2e");
rmSync(dir, { recursive: true, force: true });
console.log(`e2e: removed ${dir}`);
