/**
 * The widgets' styles, added to the page once. Themeable with custom properties set on the widget
 * or any ancestor (`[data-lumen-touchpoint] { --lumen-accent: #0a7; }`); every rule is wrapped in
 * :where() so a shop's own CSS wins without !important.
 *   --lumen-font, --lumen-text, --lumen-muted, --lumen-bg, --lumen-card-bg, --lumen-border,
 *   --lumen-accent, --lumen-mark, --lumen-radius, --lumen-card-width, --lumen-carousel-height,
 *   --lumen-search-height, --lumen-wheel-height
 * The carousel's height is fixed by its parts (picture square of the card width, two lines of
 * name, one of price) and reserved as min-height before the content arrives, and the search bar's
 * (label and input) is 4rem: a page that reserves them too (min-height on the element, before the
 * script comes) does not move.
 * Added as a constructed style sheet (not subject to the page's style-src), else as a <style>
 * carrying the script's nonce.
 */
export const CSS = `
:where(.lumen-carousel,.lumen-search,.lumen-wheel){font-family:var(--lumen-font,inherit);color:var(--lumen-text,#0f172a);--lumen-card-w:var(--lumen-card-width,10.5rem)}
:where(.lumen-carousel){display:block;min-height:var(--lumen-carousel-height,20rem);box-sizing:border-box}
:where(.lumen-carousel[data-lumen-state=empty],.lumen-carousel[data-lumen-state=error]){min-height:0}
:where(.lumen-head){display:flex;align-items:center;justify-content:space-between;gap:.5rem;height:2.5rem}
:where(.lumen-title){font-size:1.125rem;font-weight:600;margin:0;line-height:1.4}
:where(.lumen-nav){display:flex;gap:.25rem}
:where(.lumen-nav button){width:2rem;height:2rem;border-radius:999px;border:1px solid var(--lumen-border,#cbd5e1);background:var(--lumen-card-bg,#fff);color:inherit;font-size:1.1rem;line-height:1;cursor:pointer}
:where(.lumen-nav button:disabled){opacity:.4;cursor:default}
:where(.lumen-track){display:flex;gap:.75rem;overflow-x:auto;scroll-snap-type:x mandatory;list-style:none;margin:0;padding:.25rem .125rem .5rem;scrollbar-width:thin}
:where(.lumen-card){flex:0 0 var(--lumen-card-w);scroll-snap-align:start;margin:0}
:where(.lumen-link){display:block;height:100%;box-sizing:border-box;padding:.5rem;border:1px solid var(--lumen-border,#e2e8f0);border-radius:var(--lumen-radius,.75rem);background:var(--lumen-card-bg,#fff);color:inherit;text-decoration:none}
:where(.lumen-link:hover){border-color:var(--lumen-accent,#4f46e5)}
:where(.lumen-link:focus-visible,.lumen-nav button:focus-visible,.lumen-search-input:focus-visible){outline:3px solid var(--lumen-accent,#4f46e5);outline-offset:2px}
:where(.lumen-img){display:block;width:100%;aspect-ratio:1/1;height:auto;object-fit:cover;border-radius:calc(var(--lumen-radius,.75rem) - .25rem);background:var(--lumen-bg,#f1f5f9)}
:where(.lumen-name){display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;height:2.6em;line-height:1.3;font-size:.875rem;margin-top:.5rem}
:where(.lumen-price){display:block;height:1.5rem;line-height:1.5rem;font-size:.875rem;font-weight:600}
:where(.lumen-price s){color:var(--lumen-muted,#64748b);font-weight:400;margin-left:.375rem}
:where(.lumen-skeleton .lumen-img,.lumen-skeleton .lumen-name,.lumen-skeleton .lumen-price){background:var(--lumen-bg,#f1f5f9);border-radius:.25rem}
:where(.lumen-sr){position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
:where(.lumen-search){position:relative;display:block;min-height:var(--lumen-search-height,4rem)}
:where(.lumen-search-label){display:block;font-size:.875rem;line-height:1.25rem;font-weight:500;margin-bottom:.25rem}
:where(.lumen-search-input){width:100%;height:2.5rem;box-sizing:border-box;font:inherit;padding:0 .75rem;border:1px solid var(--lumen-border,#cbd5e1);border-radius:var(--lumen-radius,.75rem);background:var(--lumen-card-bg,#fff);color:inherit}
:where(.lumen-listbox){position:absolute;z-index:50;left:0;right:0;margin:.25rem 0 0;padding:.25rem;list-style:none;max-height:22rem;overflow-y:auto;background:var(--lumen-card-bg,#fff);border:1px solid var(--lumen-border,#cbd5e1);border-radius:var(--lumen-radius,.75rem);box-shadow:0 10px 25px rgba(15,23,42,.15)}
:where(.lumen-option){display:flex;align-items:center;gap:.5rem;padding:.375rem .5rem;border-radius:.5rem;cursor:pointer}
:where(.lumen-option[aria-selected=true]){background:var(--lumen-bg,#eef2ff);outline:2px solid var(--lumen-accent,#4f46e5)}
:where(.lumen-option img){width:2.5rem;height:2.5rem;object-fit:cover;border-radius:.375rem;flex:none}
:where(.lumen-option-name){flex:1;font-size:.875rem}
:where(.lumen-option mark){background:var(--lumen-mark,#fef08a);color:inherit;border-radius:.125rem}
:where(.lumen-option-price){font-size:.8125rem;font-weight:600;white-space:nowrap}
:where(.lumen-wheel){display:block}
:where(.lumen-wheel-frame){display:block;width:100%;height:var(--lumen-wheel-height,40rem);border:0;border-radius:var(--lumen-radius,.75rem)}
`;

const MARK = "__lumenWidgetStyles";

export function addStyles(nonce: string | undefined): void {
  const w = window as unknown as Record<string, boolean>;
  if (w[MARK]) return;
  w[MARK] = true;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  } catch {
    // Older browsers: a <style> element.
  }
  const style = document.createElement("style");
  if (nonce) style.nonce = nonce;
  style.textContent = CSS;
  document.head.append(style);
}
