/**
 * The wheel of fortune: `<div data-lumen-wheel="<link token>">` shows the public wheel page of that
 * link (/w/<token>, the one the promotion SMS links to) in a frame, so the spin keeps its server
 * side rules (drawn there, once per link, rate limited) and the page its accessibility. Without a
 * token in the attribute the page's own `?lumen_wheel=<token>` is used, so a shop can send the
 * visitor to any page of its own with the link's token. The shop's origin must be listed in
 * WHEEL_FRAME_ANCESTORS (Lumen's own pages may always frame it). Attributes: data-lumen-title
 * (the frame's name for screen readers, "Wheel of fortune"); height: --lumen-wheel-height.
 */
import type { WidgetContext } from "./context";
import { h } from "./dom";

export function mountWheel(host: HTMLElement, ctx: WidgetContext): void {
  const token = host.dataset.lumenWheel || new URLSearchParams(location.search).get("lumen_wheel") || "";
  host.classList.add("lumen-wheel");
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) {
    host.dataset.lumenState = "empty";
    if (token) console.warn("lumen: the wheel's token is not a wheel link token");
    return;
  }
  host.replaceChildren(
    h("iframe", {
      class: "lumen-wheel-frame",
      src: `${ctx.base}/w/${token}`,
      title: host.dataset.lumenTitle || "Wheel of fortune",
      loading: "lazy",
      referrerpolicy: "strict-origin-when-cross-origin",
    }),
  );
  host.dataset.lumenState = "ready";
}
