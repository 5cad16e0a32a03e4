/**
 * An e-mail campaign to one segment, created by the marketer and approved by the advanced user
 * through the real routes: the start of the suppression and bounce tests.
 */
import { expect } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import { call, tokenFor } from "../http";

/** A viber_sms group's Viber fields and its SMS fallback (the SMS leg's text names the customer). */
export const VIBER_SMS_DETAILS = {
  channel_button: "Shop",
  channel_button_link: "https://shop.example/",
  channel_image_url: "https://shop.example/i.png",
  channel_validity_period: 1,
  channel_validity_unit: "HOURS",
  channel_fallback_message_text: "SMS for {ph_customer.first_name}",
} as const;

/** The new campaign's first group's id. */
export async function approvedEmailCampaign(name: string, segment: string): Promise<string> {
  const created = await call(campaignings.POST, {
    path: "/campaigning-studio/campaignings/",
    token: await tokenFor("user"),
    body: {
      campaign_name: name,
      audiences: [segment],
      audiences_type: "GENERIC",
      channel_type: "email",
      is_abc: false,
      sender: "Shop",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [
        {
          channel_message_text: "Hello {ph_customer.first_name}",
          channel_subject: "News",
          start_time: "2026-12-01T10:00:00",
          end_time: "2026-12-01T18:00:00",
          abc_audience_percent: 100,
          utm: [],
        },
      ],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.campaign_details[0].campaign_id as string;
  const ok = await call(approve.PUT, {
    method: "PUT",
    path: `/campaigning-studio/campaignings/${id}/approve`,
    params: { campaign_id: id },
    token: await tokenFor("advanced"),
  });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return id;
}
