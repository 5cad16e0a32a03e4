import { afterEach, describe, expect, it, vi } from "vitest";
import { type ComboState, comboKey } from "./combobox";
import { contentUrl, formatPrice, identityHeaders, itemHref } from "./content-request";
import { highlightSpans, splitMarked } from "./highlight";
import { DEBOUNCE_MS, FINAL_MS, SearchTyping } from "./search-typing";

describe("search result highlights", () => {
  const marked = (name: string, term: string, matched?: string[]) =>
    splitMarked(name, highlightSpans(name, term, matched))
      .filter((p) => p.mark)
      .map((p) => p.text);

  it("marks what was typed of each word, in any order, ignoring case and accents", () => {
    expect(marked("Walnut Desk Lamp", "desk wal")).toEqual(["Wal", "Desk"]);
    expect(marked("Crème Brûlée Set", "creme bru")).toEqual(["Crème", "Brû"]);
    expect(marked("Red Mug", "blue")).toEqual([]);
    expect(marked("Red Mug", "  ")).toEqual([]);
  });

  it("marks the service's matched words when it names them (typos, synonyms)", () => {
    expect(marked("Maple Desk Lamp", "mapel lamp", ["Maple", "Lamp"])).toEqual(["Maple", "Lamp"]);
  });

  it("keeps the whole name, marked and plain parts in order", () => {
    const parts = splitMarked("Red Mug Red", highlightSpans("Red Mug Red", "red"));
    expect(parts.map((p) => p.text).join("")).toBe("Red Mug Red");
    expect(parts).toEqual([
      { text: "Red", mark: true },
      { text: " Mug ", mark: false },
      { text: "Red", mark: true },
    ]);
  });
});

describe("the search bar's keys (WAI-ARIA combobox)", () => {
  const walk = (keys: string[], start: ComboState = { open: true, active: -1, count: 3 }) => {
    let state = start;
    const actions: string[] = [];
    for (const key of keys) {
      const step = comboKey(state, key);
      state = step.state;
      actions.push(step.action.type === "choose" ? `choose ${step.action.index}` : step.action.type);
    }
    return { state, actions };
  };

  it("arrows move through the options and wrap; Enter chooses the active one", () => {
    expect(walk(["ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown"]).state.active).toBe(0);
    expect(walk(["ArrowUp"]).state.active).toBe(2);
    expect(walk(["ArrowDown", "ArrowDown", "Enter"]).actions).toEqual(["move", "move", "choose 1"]);
  });

  it("ArrowDown opens a closed list on the first option; Enter with none active does nothing", () => {
    const closed = { open: false, active: -1, count: 2 };
    expect(walk(["ArrowDown"], closed).state).toEqual({ open: true, active: 0, count: 2 });
    expect(walk(["Enter"], closed).actions).toEqual(["none"]);
    expect(walk(["ArrowDown"], { open: false, active: -1, count: 0 }).actions).toEqual(["none"]);
  });

  it("Escape closes the list, then clears the text; Tab closes and lets the focus go", () => {
    expect(walk(["ArrowDown", "Escape"]).state).toMatchObject({ open: false, active: -1 });
    expect(walk(["Escape", "Escape"]).actions).toEqual(["move", "clear"]);
    expect(walk(["ArrowDown", "Tab"])).toEqual({
      state: { open: false, active: -1, count: 3 },
      actions: ["move", "none"],
    });
  });
});

describe("the content request", () => {
  it("carries the key, the term or the page's item", () => {
    expect(contentUrl("https://lumen.example", "pk_abc", "touchpoint-id-1", { term: "red mug" })).toBe(
      "https://lumen.example/api/latest/touchpoint-studio/touchpoints/touchpoint-id-1/content?key=pk_abc&term=red+mug",
    );
    expect(contentUrl("https://l.example", "pk_x", "t1", { item: "85123A" })).toContain(
      "?key=pk_x&product_hierarchy_level_value=85123A",
    );
    expect(contentUrl("https://l.example", "pk_x", "t1", { term: "mug", final: true })).toContain(
      "&term=mug&final=true",
    );
  });

  it("names the customer, else the cookie, else nobody (no consent: the snippet answers neither)", () => {
    const visitor = (cookie?: string, customer?: string) => ({ cookieId: () => cookie, customerId: () => customer });
    expect(identityHeaders(visitor("ck-1", "C-9"))).toEqual({ identity_type: "customer_id", identity_value: "C-9" });
    expect(identityHeaders(visitor("ck-1"))).toEqual({ identity_type: "cookie_id", identity_value: "ck-1" });
    expect(identityHeaders(visitor())).toEqual({});
    expect(identityHeaders(undefined)).toEqual({});
  });

  it("links a card through the shop's template, else its product_url (web addresses only)", () => {
    expect(itemHref("/p/{item_id}", { item_id: "A 1/2" })).toBe("/p/A%201%2F2");
    expect(itemHref(undefined, { item_id: "a", product_url: "https://shop.example/a" })).toBe("https://shop.example/a");
    expect(itemHref(undefined, { item_id: "a", product_url: "javascript:alert(1)" })).toBeUndefined();
    expect(itemHref(undefined, { item_id: "a" })).toBeUndefined();
  });

  it("formats prices in the page's language, keeping an unknown currency's label", () => {
    expect(formatPrice(12.5, "GBP", "en-GB")).toBe("£12.50");
    expect(formatPrice(3, "points", "en")).toBe("3.00 points");
    expect(formatPrice(3, undefined, undefined)).toBe("3.00");
  });
});

describe("the search bar's asks", () => {
  afterEach(() => vi.useRealTimers());

  it("asks as the visitor types, not final; final after a pause or on Enter, once per term", () => {
    vi.useFakeTimers();
    const asks: string[] = [];
    const typing = new SearchTyping((term, final) => asks.push(`${term}${final ? "!" : ""}`));
    for (const term of ["s", "sh", "sho"]) {
      typing.typed(term);
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(DEBOUNCE_MS);
    expect(asks).toEqual(["sho"]);
    vi.advanceTimersByTime(FINAL_MS);
    expect(asks).toEqual(["sho", "sho!"]);
    typing.finish("sho"); // Enter after the pause: not another search
    expect(asks).toEqual(["sho", "sho!"]);
    typing.typed("shoe");
    typing.finish("shoe"); // Enter right away: final now, no keystroke ask left behind
    vi.advanceTimersByTime(FINAL_MS * 2);
    expect(asks).toEqual(["sho", "sho!", "shoe!"]);
    typing.typed("");
    vi.advanceTimersByTime(FINAL_MS * 2);
    expect(asks).toHaveLength(3);
  });
});
