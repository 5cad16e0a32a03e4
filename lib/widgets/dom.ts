/** Small DOM helpers of the widgets (no framework: the bundle stays a few kB). */

type Attrs = Record<string, string | number | boolean | undefined>;

/** An element with attributes (false and undefined left out) and children (strings become text). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | undefined)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== undefined) node.append(child);
  return node;
}

let counter = 0;
/** A document-unique id for aria references. */
export function uid(prefix: string): string {
  counter += 1;
  return `lumen-${prefix}-${counter.toString(36)}`;
}

/** Text for screen readers only. */
export function srOnly(text: string): HTMLSpanElement {
  return h("span", { class: "lumen-sr" }, text);
}
