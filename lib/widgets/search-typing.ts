/**
 * When the search bar asks the service, and which asks are searches (pure but for timers, so a
 * unit test drives it with fake ones): a keystroke asks DEBOUNCE_MS after the last one, marked
 * not final (the service does not count it as a search); a pause of FINAL_MS, or Enter, asks once
 * more marked final (the search the report counts), once per term.
 */
export const DEBOUNCE_MS = 120;
export const FINAL_MS = 1000;

export class SearchTyping {
  private keystroke: ReturnType<typeof setTimeout> | undefined;
  private pause: ReturnType<typeof setTimeout> | undefined;
  /** The last term sent as final. */
  private finalised = "";

  constructor(private readonly ask: (term: string, final: boolean) => void) {}

  /** The text changed (trimmed; empty: cleared). */
  typed(term: string): void {
    this.cancel();
    if (!term) return;
    this.keystroke = setTimeout(() => this.ask(term, false), DEBOUNCE_MS);
    this.pause = setTimeout(() => this.finish(term), FINAL_MS);
  }

  /** Enter without a chosen option, or the pause: the search is the term as it stands. */
  finish(term: string): void {
    this.cancel();
    if (!term || term === this.finalised) return;
    this.finalised = term;
    this.ask(term, true);
  }

  cancel(): void {
    clearTimeout(this.keystroke);
    clearTimeout(this.pause);
    this.keystroke = undefined;
    this.pause = undefined;
  }
}
