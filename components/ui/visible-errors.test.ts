import { describe, expect, it } from "vitest";
import { visibleErrors } from "./visible-errors";

const required = { type: "too_small", message: "required" };
const errors = {
  campaign_name: required,
  groups: [{ channel_message_text: required, start_time: required }, { channel_message_text: required }],
};

describe("visibleErrors", () => {
  it("shows nothing on a form nobody has touched", () => {
    expect(visibleErrors(errors, {}, false)).toEqual({});
  });

  it("shows the errors of touched fields only, in nested field arrays too", () => {
    const touched = { groups: [{ channel_message_text: true }, undefined] };
    const shown = visibleErrors(errors, touched, false);
    expect(shown).toEqual({ groups: [{ channel_message_text: required }] });
    // A group without a touched field has no entry: its tab shows no error mark.
    expect(shown.groups?.[1]).toBeUndefined();
  });

  it("shows a touched top-level field's error", () => {
    expect(visibleErrors(errors, { campaign_name: true, groups: [] }, false)).toEqual({ campaign_name: required });
  });

  it("shows every error once the form was submitted", () => {
    expect(visibleErrors(errors, {}, true)).toBe(errors);
  });
});
