/**
 * The search bar's keyboard, as the WAI-ARIA combobox pattern (list autocomplete) has it, as a pure
 * step from one state to the next so a unit test can walk it:
 *   ArrowDown  opens the list (first option active) or moves down, from the last to the first;
 *   ArrowUp    moves up, from the first (or none) to the last;
 *   Enter      chooses the active option;
 *   Escape     closes the list, or clears the text when it is closed;
 *   Tab        closes the list and lets focus move on.
 * The focus stays in the input throughout (aria-activedescendant names the active option).
 */
export interface ComboState {
  open: boolean;
  /** The active option's index, -1 for none. */
  active: number;
  /** Options shown. */
  count: number;
}

export type ComboAction =
  | { type: "none" }
  /** The key was the combobox's: stop the browser's default (caret moves, form submit). */
  | { type: "move" }
  | { type: "choose"; index: number }
  | { type: "clear" };

export function comboKey(state: ComboState, key: string): { state: ComboState; action: ComboAction } {
  const { open, active, count } = state;
  switch (key) {
    case "ArrowDown":
      if (count === 0) return { state, action: { type: "none" } };
      if (!open) return { state: { ...state, open: true, active: 0 }, action: { type: "move" } };
      return { state: { ...state, active: (active + 1) % count }, action: { type: "move" } };
    case "ArrowUp":
      if (count === 0) return { state, action: { type: "none" } };
      return {
        state: { ...state, open: true, active: active <= 0 ? count - 1 : active - 1 },
        action: { type: "move" },
      };
    case "Enter":
      if (open && active >= 0 && active < count) {
        return { state: { ...state, open: false }, action: { type: "choose", index: active } };
      }
      return { state, action: { type: "none" } };
    case "Escape":
      if (open) return { state: { ...state, open: false, active: -1 }, action: { type: "move" } };
      return { state: { open: false, active: -1, count: 0 }, action: { type: "clear" } };
    case "Tab":
      return { state: { ...state, open: false, active: -1 }, action: { type: "none" } };
    default:
      return { state, action: { type: "none" } };
  }
}
