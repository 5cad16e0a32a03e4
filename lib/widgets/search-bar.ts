/**
 * The search bar: `<div data-lumen-search="<smart-search touchpoint id>">` becomes a labelled
 * input whose results appear as the visitor types (the content route with `term`, asked 120 ms
 * after the last keystroke, an older request cancelled; `final=true` after a pause or on Enter,
 * ./search-typing.ts), in the WAI-ARIA combobox pattern: the
 * focus stays in the input, arrows move the active option (aria-activedescendant), Enter chooses,
 * Escape closes then clears (./combobox.ts); the count is announced in a live region and the
 * words typed are marked in each name (./highlight.ts).
 * Attributes: data-lumen-label ("Search products"), data-lumen-placeholder, data-lumen-href
 * (where a result leads, "{item_id}" replaced; default: its product_url).
 * The service records each final search (the term, the result count, the visitor's identity
 * headers), not the keystrokes before it; choosing a result records a click with the term and the touchpoint (lumen.track),
 * then fires `lumen:select` (cancelable: preventDefault keeps the page, e.g. for a shop's own
 * router) and goes to the result's address.
 */
import { type ComboState, comboKey } from "./combobox";
import { formatPrice, itemHref } from "./content-request";
import type { ContentItem, WidgetContext } from "./context";
import { h, uid } from "./dom";
import { highlightSpans, splitMarked } from "./highlight";
import { SearchTyping } from "./search-typing";

interface SearchAnswer {
  content: ContentItem[];
  count: number;
}

export function mountSearchBar(host: HTMLElement, ctx: WidgetContext): void {
  const touchpointId = host.dataset.lumenSearch!;
  const template = host.dataset.lumenHref || undefined;
  const inputId = uid("search");
  const listId = uid("results");
  const input = h("input", {
    id: inputId,
    class: "lumen-search-input",
    type: "text",
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": "false",
    "aria-controls": listId,
    autocomplete: "off",
    spellcheck: "false",
    maxlength: 200,
    enterkeyhint: "search",
    placeholder: host.dataset.lumenPlaceholder,
  });
  const list = h("ul", {
    id: listId,
    class: "lumen-listbox",
    role: "listbox",
    "aria-label": "Search results",
    hidden: true,
  });
  const status = h("div", { class: "lumen-sr", role: "status", "aria-live": "polite" });
  host.classList.add("lumen-search");
  host.replaceChildren(
    h("label", { class: "lumen-search-label", for: inputId }, host.dataset.lumenLabel || "Search products"),
    input,
    list,
    status,
  );
  host.dataset.lumenState = "ready";

  let state: ComboState = { open: false, active: -1, count: 0 };
  let results: ContentItem[] = [];
  let term = "";
  let inFlight: AbortController | undefined;

  const render = () => {
    input.setAttribute("aria-expanded", String(state.open));
    list.hidden = !state.open;
    const options = list.children;
    for (let i = 0; i < options.length; i++) options[i]!.setAttribute("aria-selected", String(i === state.active));
    const active = state.open && state.active >= 0 ? options[state.active] : undefined;
    if (active) {
      input.setAttribute("aria-activedescendant", active.id);
      active.scrollIntoView?.({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };

  const option = (item: ContentItem, index: number) => {
    const name = item.item_name || item.item_id;
    const marked = splitMarked(name, highlightSpans(name, term, item.matched_words));
    const li = h(
      "li",
      {
        id: `${listId}-${index}`,
        class: "lumen-option",
        role: "option",
        "aria-selected": "false",
        "data-lumen-item-id": item.item_id,
      },
      item.main_image ? h("img", { src: item.main_image, alt: "", loading: "lazy", width: 40, height: 40 }) : undefined,
      h("span", { class: "lumen-option-name" }, ...marked.map((p) => (p.mark ? h("mark", {}, p.text) : p.text))),
      typeof item.product_price === "number"
        ? h("span", { class: "lumen-option-price" }, formatPrice(item.product_price, item.currency, ctx.locale))
        : undefined,
    );
    // mousedown would move the focus out of the input (and close the list) before the click.
    li.addEventListener("mousedown", (event) => event.preventDefault());
    li.addEventListener("click", () => choose(index));
    return li;
  };

  const show = (items: ContentItem[], asked: string) => {
    results = items;
    term = asked;
    list.replaceChildren(...items.map(option));
    state = { open: items.length > 0, active: -1, count: items.length };
    status.textContent = items.length
      ? `${items.length} ${items.length === 1 ? "result" : "results"}`
      : `No products match ${asked}`;
    render();
  };

  const search = async (asked: string, final: boolean) => {
    if (final && asked === term && !inFlight) {
      // Shown already: only tell the service the search is final (the answer is the same).
      ctx.content(touchpointId, { term: asked, final }).catch(() => undefined);
      return;
    }
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      const answer = await ctx.content<SearchAnswer>(touchpointId, { term: asked, final }, controller.signal);
      if (inFlight === controller) inFlight = undefined;
      if (!controller.signal.aborted) show(answer.content, asked);
    } catch (error) {
      if (controller.signal.aborted) return;
      inFlight = undefined;
      console.warn("lumen: search failed", error);
      show([], asked);
    }
  };

  function choose(index: number) {
    const item = results[index];
    if (!item) return;
    // Choosing a result ends the search: it is final if it was not yet.
    typing.finish(term);
    ctx.track("click", { item_id: item.item_id, touchpoint_id: touchpointId, term });
    state = { ...state, open: false };
    render();
    const href = itemHref(template, item);
    const proceed = host.dispatchEvent(
      new CustomEvent("lumen:select", {
        bubbles: true,
        cancelable: true,
        detail: { item_id: item.item_id, term, href },
      }),
    );
    if (proceed && href) location.assign(href);
  }

  const typing = new SearchTyping((asked, final) => void search(asked, final));

  input.addEventListener("input", () => {
    const asked = input.value.trim();
    typing.typed(asked);
    if (!asked) {
      inFlight?.abort();
      show([], "");
      status.textContent = "";
    }
  });
  input.addEventListener("keydown", (event) => {
    const step = comboKey(state, event.key);
    state = step.state;
    if (step.action.type !== "none") event.preventDefault();
    if (step.action.type === "choose") choose(step.action.index);
    else if (event.key === "Enter") typing.finish(input.value.trim());
    else if (step.action.type === "clear") {
      input.value = "";
      inFlight?.abort();
      typing.cancel();
      show([], "");
      status.textContent = "";
    } else render();
  });
  input.addEventListener("blur", () => {
    state = { ...state, open: false, active: -1 };
    render();
  });
  input.addEventListener("focus", () => {
    if (results.length && input.value.trim() === term) {
      state = { ...state, open: true };
      render();
    }
  });
}
