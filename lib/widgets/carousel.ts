/**
 * The carousel: `<div data-lumen-touchpoint="<touchpoint id>">` becomes a row of product cards.
 * Attributes: data-lumen-title (the heading; "Recommended for you"), data-lumen-item (the item a
 * product page shows: similar and related items are about it), data-lumen-href (where a card
 * leads, "{item_id}" replaced; default: the item's product_url), data-lumen-slots (cards reserved
 * while loading; 5).
 *
 * - Impressions: the content is asked for when the carousel first comes into view (at once when
 *   it is in view already, else when IntersectionObserver says so); the service counts each content answer as an impression, so one
 *   below the fold that is never scrolled to is neither loaded nor counted.
 * - No layout shift: the space is reserved at once (skeleton cards of the cards' fixed size).
 * - Accessible: a labelled region holding a list of links (name, price, "was" price), images lazy
 *   with empty alt (the link says what it is), arrows/Home/End move between cards, the previous and
 *   next buttons scroll by a page; aria-busy while loading.
 * - Clicks are recorded through the snippet (lumen.track("click", {item_id, touchpoint_id})), which
 *   queues them synchronously and sends them with keepalive or sendBeacon: navigation is not delayed.
 * When rendered, the host gets data-lumen-state="ready" and fires `lumen:rendered` (bubbling).
 */
import { formatPrice, itemHref } from "./content-request";
import type { ContentItem, WidgetContext } from "./context";
import { h, srOnly, uid } from "./dom";

interface CarouselAnswer {
  content: { position: number; item: ContentItem }[];
}

function card(item: ContentItem, ctx: WidgetContext, template: string | undefined): HTMLLIElement {
  const name = item.item_name || item.item_id;
  const price = typeof item.product_price === "number" ? item.product_price : undefined;
  const was = typeof item.original_price === "number" && price !== undefined && item.original_price > price;
  const fmt = (v: number) => formatPrice(v, item.currency, ctx.locale);
  const priceLine =
    price === undefined
      ? h("span", { class: "lumen-price" })
      : h(
          "span",
          { class: "lumen-price" },
          fmt(price),
          was ? h("s", {}, srOnly(", was "), fmt(item.original_price!)) : undefined,
        );
  const image = item.main_image
    ? h("img", {
        class: "lumen-img",
        src: item.main_image,
        alt: "",
        loading: "lazy",
        decoding: "async",
        width: 168,
        height: 168,
      })
    : h("span", { class: "lumen-img", "aria-hidden": "true" });
  const href = itemHref(template, item);
  const link = h(
    href ? "a" : "div",
    { class: "lumen-link", ...(href ? { href } : {}), "data-lumen-item-id": item.item_id },
    image,
    h("span", { class: "lumen-name" }, name),
    priceLine,
  );
  return h("li", { class: "lumen-card" }, link);
}

function skeleton(): HTMLLIElement {
  return h(
    "li",
    { class: "lumen-card lumen-skeleton", "aria-hidden": "true" },
    h(
      "div",
      { class: "lumen-link" },
      h("span", { class: "lumen-img" }),
      h("span", { class: "lumen-name" }),
      h("span", { class: "lumen-price" }),
    ),
  );
}

/** Arrow keys, Home and End move the focus between the cards' links. */
function onKey(track: HTMLElement, event: KeyboardEvent): void {
  const links = [...track.querySelectorAll<HTMLElement>("a.lumen-link")];
  const at = links.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  const to =
    event.key === "ArrowRight"
      ? at + 1
      : event.key === "ArrowLeft"
        ? at - 1
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? links.length - 1
            : -2;
  if (to === -2) return;
  event.preventDefault();
  links[Math.max(0, Math.min(links.length - 1, to))]?.focus();
}

export function mountCarousel(host: HTMLElement, ctx: WidgetContext): void {
  const touchpointId = host.dataset.lumenTouchpoint!;
  const template = host.dataset.lumenHref || undefined;
  const titleText = host.dataset.lumenTitle ?? "Recommended for you";
  const slots = Math.min(20, Math.max(1, Number(host.dataset.lumenSlots) || 5));
  const titleId = uid("title");
  const trackId = uid("track");

  const prev = h(
    "button",
    { type: "button", "aria-label": "Previous products", "aria-controls": trackId, disabled: true },
    "‹",
  );
  const next = h("button", { type: "button", "aria-label": "Next products", "aria-controls": trackId }, "›");
  const track = h("ul", { class: "lumen-track", id: trackId, role: "list" });
  for (let i = 0; i < slots; i++) track.append(skeleton());
  host.classList.add("lumen-carousel");
  host.setAttribute("role", "region");
  // No title wanted (data-lumen-title=""): the region is still named for screen readers.
  if (titleText) host.setAttribute("aria-labelledby", titleId);
  else host.setAttribute("aria-label", "Recommended products");
  host.setAttribute("aria-busy", "true");
  host.dataset.lumenState = "loading";
  host.replaceChildren(
    h(
      "div",
      { class: "lumen-head" },
      titleText ? h("h2", { class: "lumen-title", id: titleId }, titleText) : h("span"),
      h("div", { class: "lumen-nav" }, prev, next),
    ),
    track,
  );

  const page = (direction: number) => track.scrollBy({ left: direction * track.clientWidth * 0.9, behavior: "smooth" });
  prev.addEventListener("click", () => page(-1));
  next.addEventListener("click", () => page(1));
  const updateNav = () => {
    prev.disabled = track.scrollLeft <= 1;
    next.disabled = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
  };
  track.addEventListener("scroll", updateNav, { passive: true });
  track.addEventListener("keydown", (event) => onKey(track, event));
  const clicked = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest<HTMLElement>("a.lumen-link");
    const itemId = link?.dataset.lumenItemId;
    if (itemId) ctx.track("click", { item_id: itemId, touchpoint_id: touchpointId });
  };
  track.addEventListener("click", clicked);
  // A middle click opens a tab: a click all the same.
  track.addEventListener("auxclick", (event) => event.button === 1 && clicked(event));

  const load = async () => {
    try {
      const answer = await ctx.content<CarouselAnswer>(touchpointId, { item: host.dataset.lumenItem || undefined });
      const items = answer.content.map((c) => c.item);
      host.removeAttribute("aria-busy");
      if (items.length === 0) {
        host.dataset.lumenState = "empty";
        host.replaceChildren();
        return;
      }
      track.replaceChildren(...items.map((item) => card(item, ctx, template)));
      host.dataset.lumenState = "ready";
      updateNav();
      performance.mark?.(`lumen:carousel-rendered:${touchpointId}`);
      host.dispatchEvent(
        new CustomEvent("lumen:rendered", {
          bubbles: true,
          detail: { touchpoint_id: touchpointId, items: items.length },
        }),
      );
    } catch (error) {
      console.warn("lumen: the carousel could not load", error);
      host.removeAttribute("aria-busy");
      host.dataset.lumenState = "error";
      host.replaceChildren();
    }
  };

  // In view already (the usual carousel near the top): asked at once, not a frame later when the
  // observer reports, which a busy page (hydrating) can delay by hundreds of milliseconds.
  const box = host.getBoundingClientRect();
  const inView = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
  if (typeof IntersectionObserver !== "function" || (inView && document.visibilityState === "visible")) {
    void load();
    return;
  }
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    void load();
  });
  seen.observe(host);
}
