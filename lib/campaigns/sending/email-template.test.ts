import { describe, expect, it } from "vitest";
import { decodeEntities, htmlToText, linkTargets, replaceLinkTargets, withFooter } from "./email-template";

describe("the plain-text version of an e-mail's HTML", () => {
  it("drops head, style, script and comments; breaks lines at <br>, blocks and paragraphs", () => {
    const html = `<!doctype html><html><head><title>Spring</title><style>p { color: red }</style></head>
<body>
  <!-- hero -->
  <h1>Spring   sale</h1>
  <p>Dear Jana,<br>new colours
     are in.</p>
  <script>track()</script>
  <ul><li>Teapot</li><li>Cups</li></ul>
  <table><tr><td>Total</td><td>9.00</td></tr></table>
  <div>Bye</div>
</body></html>`;
    expect(htmlToText(html)).toBe("Spring sale\n\nDear Jana,\nnew colours are in.\n\nTeapot\nCups\nTotal 9.00\nBye");
  });

  it("decodes entities once; a run of blank lines becomes one", () => {
    expect(
      htmlToText("<p>Tom &amp; Jerry&nbsp;&lt;3 &quot;x&quot; it&#39;s &amp;lt;</p><p></p><p></p><p>End</p>"),
    ).toBe('Tom & Jerry <3 "x" it\'s &lt;\n\nEnd');
  });

  it("keeps a link's target after its text; alone when the text is empty or the target", () => {
    expect(
      htmlToText(
        '<p><a href="https://s.example/a?x=1&amp;y=2">Shop <b>now</b></a>, <a href="https://s.example/b">https://s.example/b</a>, <a href="https://s.example/c"><img src="c.png"></a>, <a href="mailto:shop@example.test">write</a></p>',
      ),
    ).toBe("Shop now (https://s.example/a?x=1&y=2), https://s.example/b, https://s.example/c, write");
  });

  it("reads a lone < as text", () => {
    expect(htmlToText("<p>1 < 2 and 3 > 2</p>")).toBe("1 < 2 and 3 > 2");
  });

  it("takes time in proportion to the HTML, however broken (100,000 unclosed links, < without >)", () => {
    const started = performance.now();
    for (const html of [
      "<a href=https://s.example/x>".repeat(17_000),
      "<a ".repeat(160_000),
      "<!--<".repeat(100_000),
    ]) {
      htmlToText(html);
      replaceLinkTargets(html, (url) => url);
    }
    // A pattern that rescans the rest of the text per "<a" took minutes here.
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe("links of an e-mail's HTML", () => {
  const html = `<a class="btn" href="https://s.example/a?x=1&amp;y=2">A</a>
<a href='https://s.example/b'>B</a> <a href=https://s.example/c>C</a> <area shape="rect" href="https://s.example/d">
<a href="mailto:x@example.test">mail</a> <a href="#top">top</a>
<img src="https://s.example/e.png"> <link href="https://s.example/f.css">`;

  it("finds the http(s) targets of <a> and <area>, decoded; not images or stylesheets", () => {
    expect(linkTargets(html)).toEqual([
      "https://s.example/a?x=1&y=2",
      "https://s.example/b",
      "https://s.example/c",
      "https://s.example/d",
    ]);
  });

  it("replaces them, escaped for the attribute; leaves the rest as written", () => {
    const out = replaceLinkTargets(html, (url) => `https://lumen.example/r/${url.split("/").pop()}&k=1`);
    expect(out).toContain('<a class="btn" href="https://lumen.example/r/a?x=1&amp;y=2&amp;k=1">A</a>');
    expect(out).toContain('<a href="https://lumen.example/r/b&amp;k=1">B</a>');
    expect(out).toContain('<a href="https://lumen.example/r/c&amp;k=1">C</a>');
    expect(out).toContain('<area shape="rect" href="https://lumen.example/r/d&amp;k=1">');
    expect(out).toContain('<a href="mailto:x@example.test">mail</a> <a href="#top">top</a>');
    expect(out).toContain('<img src="https://s.example/e.png"> <link href="https://s.example/f.css">');
  });
});

describe("the footer of a template", () => {
  const t = { unsubscribe: "https://lumen.example/u/t", pixel: "https://lumen.example/o/t.gif" };

  it("goes just before the last </body>, whatever its case", () => {
    const out = withFooter("<html><BODY><p>Hi</p></Body >\n</html>", t);
    expect(out).toMatch(
      /^<html><BODY><p>Hi<\/p><p [^>]*>You receive this [^<]*<a href="https:\/\/lumen.example\/u\/t">Unsubscribe<\/a><\/p>\n<img src="https:\/\/lumen.example\/o\/t.gif" width="1" height="1"[^>]*>\n<\/Body >\n<\/html>$/,
    );
  });

  it("lands before </body> after text that lowercases longer (İstanbul)", () => {
    expect(withFooter("<p>İİİ</p></body>", { ...t, pixel: "" })).toMatch(/^<p>İİİ<\/p><p .*<\/p>\n<\/body>$/);
  });

  it("is appended when there is no </body>; no pixel without its address", () => {
    const out = withFooter("<p>Hi</p>", { ...t, pixel: "" });
    expect(out.startsWith("<p>Hi</p>\n<p ")).toBe(true);
    expect(out).toContain('href="https://lumen.example/u/t"');
    expect(out).not.toContain("<img");
  });
});

describe("entities", () => {
  it("decodes named and numeric ones, leaves unknown ones", () => {
    expect(decodeEntities("&#x41;&#66;&AMP;&copy;&#0;")).toBe("AB&&copy;&#0;");
  });
});
