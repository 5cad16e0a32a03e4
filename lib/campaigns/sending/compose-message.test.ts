import { describe, expect, it } from "vitest";
import { type GroupContent, messageFor } from "./compose-message";

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
  products: [{ name: "Teapot", url: "https://s.example/t", price: 9, image: "https://s.example/t.jpg" }],
};
const ctx = { send_id: "s1" };

describe("composing a campaign message", () => {
  it("e-mail: the subject and the text", () => {
    expect(messageFor("email", group, "j@example.test", who, ctx)).toEqual({
      channel: "email",
      to: "j@example.test",
      subject: "For Jana",
      body: "Hi Jano: Teapot",
      context: ctx,
    });
  });

  it("SMS: the text only", () => {
    expect(messageFor("sms", group, "+420700000000", who, ctx)).toEqual({
      channel: "sms",
      to: "+420700000000",
      body: "Hi Jano: Teapot",
      context: ctx,
    });
  });

  it("Viber and viber_sms: the Viber fields personalised; viber_sms carries the fallback text", () => {
    const viber = messageFor("viber", group, "+420700000000", who, ctx);
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
    expect(messageFor("viber_sms", group, "+420700000000", who, ctx).context).toMatchObject({
      fallback_text: "SMS: 9.00",
    });
  });

  it("a customer gone since preparation gets empty placeholders", () => {
    expect(messageFor("sms", group, "+420700000000", undefined, ctx).body).toBe("Hi : ");
  });
});
