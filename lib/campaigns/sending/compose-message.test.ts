import { describe, expect, it } from "vitest";
import { buildMessage, type GroupContent } from "./compose-message";

const group: GroupContent = {
  channel_subject: "For {ph_customer.first_name}",
  channel_message_text: "Hi {ph_customer.vocative_name}: {ph_product_1.name}",
  channel_button: "Buy {ph_product_1.name}",
  channel_button_link: "{ph_product_1.url}",
  channel_image_url: "{ph_product_1.image}",
  channel_validity_period: 2,
  channel_validity_unit: "HOURS",
  channel_fallback_message_text: "SMS: {ph_product_1.price}",
};
const who = {
  person: { customer_id: "c1", first_name: "Jana", last_name: "N", vocative_name: "Jano" },
  products: [{ item_id: "t", name: "Teapot", url: "https://s.example/t", price: 9, image: "https://s.example/t.jpg" }],
};
const ctx = { send_id: "s1" };

describe("composing a campaign message", () => {
  it("e-mail: the subject and the text", () => {
    expect(buildMessage("email", group, "j@example.test", who, ctx)).toEqual({
      channel: "email",
      to: "j@example.test",
      subject: "For Jana",
      body: "Hi Jano: Teapot",
      context: ctx,
    });
  });

  it("SMS: the text only", () => {
    expect(buildMessage("sms", group, "+420700000000", who, ctx)).toEqual({
      channel: "sms",
      to: "+420700000000",
      body: "Hi Jano: Teapot",
      context: ctx,
    });
  });

  it("Viber and viber_sms: the Viber fields personalised; viber_sms carries the fallback text", () => {
    const viber = buildMessage("viber", group, "+420700000000", who, ctx);
    expect(viber).toMatchObject({
      channel: "viber",
      body: "Hi Jano: Teapot",
      context: {
        button: "Buy Teapot",
        button_link: "https://s.example/t",
        image_url: "https://s.example/t.jpg",
        validity: "2 HOURS",
      },
    });
    expect(viber.context).not.toHaveProperty("fallback_text");
    expect(buildMessage("viber_sms", group, "+420700000000", who, ctx).context).toMatchObject({
      fallback_text: "SMS: 9.00",
    });
  });

  it("a customer gone since preparation gets empty placeholders", () => {
    expect(buildMessage("sms", group, "+420700000000", undefined, ctx).body).toBe("Hi : ");
  });
});

describe("a tracked message", () => {
  const tracking = {
    link: (url: string) =>
      `https://lumen.example/r/${["https://s.example/a", "https://s.example/b?x=1&y=2", "https://s.example/t"].indexOf(url) + 1}`,
    pixel: "https://lumen.example/o/t.gif",
    unsubscribe: "https://lumen.example/u/t",
  };
  const linked = { ...group, channel_message_text: "See https://s.example/a, or <https://s.example/b?x=1&y=2>." };

  it("e-mail: short links, an HTML part with the pixel, the footer and the one-click headers", () => {
    const m = buildMessage("email", linked, "j@example.test", who, ctx, tracking);
    expect(m.body).toBe(
      "See https://lumen.example/r/1, or <https://lumen.example/r/2>.\n\n--\nUnsubscribe: https://lumen.example/u/t\n",
    );
    expect(m.html).toContain('<a href="https://lumen.example/r/1">');
    expect(m.html).toContain("&lt;");
    expect(m.html).toContain('<img src="https://lumen.example/o/t.gif" width="1" height="1"');
    expect(m.headers).toEqual({
      "List-Unsubscribe": "<https://lumen.example/u/t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("Viber: the button's link is tracked; SMS carries no unsubscribe link", () => {
    expect(buildMessage("viber", linked, "+420700000000", who, ctx, tracking).context?.button_link).toBe(
      "https://lumen.example/r/3",
    );
    expect(buildMessage("sms", linked, "+420700000000", who, ctx, tracking).body).toBe(
      "See https://lumen.example/r/1, or <https://lumen.example/r/2>.",
    );
  });
});

describe("an e-mail with an HTML template", () => {
  const tracking = {
    link: (url: string) => `https://lumen.example/r/${encodeURIComponent(url)}`,
    pixel: "https://lumen.example/o/t.gif",
    unsubscribe: "https://lumen.example/u/t",
  };
  const template = `<!doctype html><html><head><title>Offer</title></head><body>
<h1>Hi {ph_customer.vocative_name}</h1>
<p><a href="{ph_product_1.url}?ref=mail&amp;v=1">{ph_product_1.name}</a> for {ph_product_1.price}</p>
<img src="{ph_product_1.image}" alt="">
<p><a href="https://s.example/all">All offers</a></p>
</BODY></html>`;
  const templated = { ...group, channel_message_text: "", template_html: template };
  const risky = {
    ...who,
    person: { ...who.person, vocative_name: "<b>Jano</b> & co" },
  };

  it("the template is the HTML part: placeholders filled and escaped, links tracked, footer and pixel before </body>", () => {
    const m = buildMessage("email", templated, "j@example.test", risky, ctx, tracking);
    const html = m.html ?? "";
    expect(html).toContain("<h1>Hi &lt;b&gt;Jano&lt;/b&gt; &amp; co</h1>");
    expect(html).toContain(
      `<a href="https://lumen.example/r/${encodeURIComponent("https://s.example/t?ref=mail&v=1")}">Teapot</a> for 9.00`,
    );
    expect(html).toContain(`<a href="https://lumen.example/r/${encodeURIComponent("https://s.example/all")}">`);
    // An image is fetched on opening: it is not a click, so its address stays.
    expect(html).toContain('<img src="https://s.example/t.jpg" alt="">');
    expect(html).not.toContain('href="https://s.example');
    const footer = html.indexOf('<a href="https://lumen.example/u/t">Unsubscribe</a>');
    const pixel = html.indexOf('<img src="https://lumen.example/o/t.gif" width="1" height="1"');
    const end = html.indexOf("</BODY>");
    expect(footer).toBeGreaterThan(html.indexOf("All offers"));
    expect(pixel).toBeGreaterThan(footer);
    expect(end).toBeGreaterThan(pixel);
    expect(html.endsWith("</BODY></html>")).toBe(true);
  });

  it("without a text, the text part is the template's plain text, links tracked, and the unsubscribe footer", () => {
    const m = buildMessage("email", templated, "j@example.test", who, ctx, tracking);
    const r = (url: string) => `https://lumen.example/r/${encodeURIComponent(url)}`;
    expect(m.body).toBe(
      `Hi Jano\n\nTeapot (${r("https://s.example/t?ref=mail&v=1")}) for 9.00\n\nAll offers (${r("https://s.example/all")})\n\n--\nUnsubscribe: https://lumen.example/u/t\n`,
    );
    expect(m.headers).toMatchObject({ "List-Unsubscribe": "<https://lumen.example/u/t>" });
  });

  it("with a text, the text part is the group's text", () => {
    const m = buildMessage(
      "email",
      { ...templated, channel_message_text: "Hi {ph_customer.first_name}" },
      "j@example.test",
      who,
      ctx,
      tracking,
    );
    expect(m.body).toBe("Hi Jana\n\n--\nUnsubscribe: https://lumen.example/u/t\n");
    expect(m.html).toContain("<h1>Hi Jano</h1>");
  });

  it("untracked, the filled template is the HTML part, so its links can be stored before composing", () => {
    const m = buildMessage("email", templated, "j@example.test", who, ctx);
    expect(m.html).toContain('<a href="https://s.example/t?ref=mail&amp;v=1">Teapot</a>');
    expect(m.html).not.toContain("Unsubscribe");
    expect(m.body).toBe(
      "Hi Jano\n\nTeapot (https://s.example/t?ref=mail&v=1) for 9.00\n\nAll offers (https://s.example/all)",
    );
  });

  it("SMS ignores a template", () => {
    expect(buildMessage("sms", { ...templated, channel_message_text: "Hi" }, "+420700000000", who, ctx).html).toBe(
      undefined,
    );
  });
});
