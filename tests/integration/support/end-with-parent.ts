/**
 * For scripts a test starts (./children.ts): stdin is a pipe from the test process, so its end
 * means the test process is gone (killed, crashed, its hooks never run): end this one too.
 */
export function endWithParent(): void {
  process.stdin.on("end", () => process.exit(0));
  process.stdin.on("error", () => process.exit(0));
  process.stdin.resume();
}
