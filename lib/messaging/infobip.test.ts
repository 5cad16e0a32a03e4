import { describe, expect, it } from "vitest";
import { infobipContent, infobipValidity } from "./infobip";

describe("Infobip's Viber request parts", () => {
  it("validity as Infobip's ValidityPeriod: minutes, hours, days as hours, at most 48 hours", () => {
    expect(infobipValidity("5 MINUTES")).toEqual({ amount: 5, timeUnit: "MINUTES" });
    expect(infobipValidity("24 HOURS")).toEqual({ amount: 24, timeUnit: "HOURS" });
    expect(infobipValidity("1 DAYS")).toEqual({ amount: 24, timeUnit: "HOURS" });
    expect(infobipValidity("3 DAYS")).toEqual({ amount: 48, timeUnit: "HOURS" });
    expect(infobipValidity("3000 MINUTES")).toEqual({ amount: 48, timeUnit: "HOURS" });
    expect(infobipValidity("0 HOURS")).toBeUndefined();
    expect(infobipValidity("")).toBeUndefined();
  });

  it("content: TEXT with a button, IMAGE with text and button; a button needs its text and link", () => {
    expect(infobipContent("Hi", {})).toEqual({ type: "TEXT", text: "Hi" });
    expect(infobipContent("Hi", { button: "Open", button_link: "https://s.example/r/x" })).toEqual({
      type: "TEXT",
      text: "Hi",
      button: { title: "Open", action: "https://s.example/r/x" },
    });
    expect(infobipContent("Hi", { button: "Open", button_link: "" })).toEqual({ type: "TEXT", text: "Hi" });
    expect(
      infobipContent("Hi", {
        image_url: "https://s.example/a.jpg",
        button: "Open",
        button_link: "https://s.example/b",
      }),
    ).toEqual({
      type: "IMAGE",
      mediaUrl: "https://s.example/a.jpg",
      text: "Hi",
      button: { title: "Open", action: "https://s.example/b" },
    });
    expect(
      infobipContent(" ", { image_url: "https://s.example/a.jpg", button: "Open", button_link: "https://s.example/b" }),
    ).toEqual({ type: "IMAGE", mediaUrl: "https://s.example/a.jpg" });
  });
});
