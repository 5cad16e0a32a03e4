/**
 * Generated from the Lumen OpenAPI document by openapi-typescript (npm run sdk:api): do not edit.
 * Use it through sdk/index.ts.
 */
export type paths = {
  "/auth/me": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who am I
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getAuthMe"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/token": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Get an access token
     * @description OAuth2-style token endpoint. JSON or form-encoded body with grant_type `password` (username = e-mail) or `client_credentials` (an API client made in Settings). Answers a signed JWT to send as `Authorization: Bearer <token>`; 401 `invalid_grant` / `invalid_client` otherwise. A client's token carries the client's scopes (claim `scope`); `scope` (space-separated) asks for fewer: 400 `invalid_scope` for one the client lacks. Failed attempts are throttled per account and per address together with the studio's sign-in form and Auth.js's `/api/auth/callback/credentials`: after 10 failures (of an account in a day, or from an address in an hour) every attempt waits 30 s, doubling with each further failure up to 15 minutes: 429 `rate_limited` with Retry-After, even with the right password.
     */
    post: operations["postAuthToken"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/tokens/{jti}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an access token by its id
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     `jti` is the token's id: the `jti` of the token response (and claim). Your own tokens (a user's or an API client's), or anyone's for a super user (403 otherwise); 404 for an unknown, expired or already revoked id. From the next request on the token answers 401 (in other processes within a second). Signing out of the studio ends its session the same way; a password reset and disabling a user end all of the user's sessions and tokens.
     */
    delete: operations["deleteAuthTokensJti"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/campaignings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List campaigns
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getCampaigningStudioCampaignings"];
    put?: never;
    /**
     * Create a campaign
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Status Not approved; every group Not Sent. required_approvals comes from the campaign settings (the audience's size decides which number). 1 to 3 campaign_details (groups A, B, C); abc_audience_percent integers totalling 100; is_abc true exactly when there are several groups; channel_type email, viber, sms, viber_sms; audiences_type GENERIC (segment ids, all_customers = everyone) or AUDIENCE (audience ids): 409 unknown_reference when one does not exist; recurring_frequency none, daily, weekly or monthly (is_recurring true exactly when not none) with recurring_until after the start; each group's start_time before its end_time, its send_promotion_time (when it sends; default start_time) within them (a recurring campaign's groups within one period of its start); schedules are computed in TIMEZONE; sender, is_personalized, recommended_products and urls_to_short as their field descriptions say, a value that could have no effect being a 422 at its field; utm values from: campaign_id, campaign_name, customer_id, channel, abc_group. Fields each channel needs in a group (a group tagged skip-content, the control group, needs none): email channel_subject and channel_message_text or html_template_id (the template_id of an e-mail template, GET /campaigning-studio/templates: 409 unknown_reference when no template has it; without channel_message_text the e-mail's text part is made from the template); sms channel_message_text; viber channel_message_text, channel_button, channel_button_link, channel_image_url, channel_validity_period and channel_validity_unit; viber_sms the same plus channel_fallback_message_text. Placeholders in the texts: {ph_customer.first_name} {ph_customer.last_name} {ph_customer.vocative_name} {ph_product_1.name} {ph_product_1.url} {ph_product_1.price} {ph_product_1.image} {ph_product_2.name} {ph_product_2.url} {ph_product_2.price} {ph_product_2.image} {ph_product_3.name} {ph_product_3.url} {ph_product_3.price} {ph_product_3.image} {ph_product_4.name} {ph_product_4.url} {ph_product_4.price} {ph_product_4.image} {ph_product_5.name} {ph_product_5.url} {ph_product_5.price} {ph_product_5.image}; any other {ph_...} is a 422 naming it and its field. Each group gets a campaign_id <YYYYMMDD>_cn_<name slug>_cl_<CLIENT_CODE>_ap_<percent>_ag_<group number> (the creation day; the slug gets _2, _3, ... when another campaign holds the id); any of them names the campaign.
     */
    post: operations["postCampaigningStudioCampaignings"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/campaignings/{campaign_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a campaign (by any of its groups' campaign_id)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Answers the header ETag: the campaign's version (also `version` in the body), which every change of the campaign (an edit, an approval, a status change, an edit of its audience or template, archiving) replaces. Send it as If-Match to approve.
     */
    get: operations["getCampaigningStudioCampaigningsCampaignId"];
    /**
     * Update a campaign
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     The same body as creation. Allowed while Not approved, Approved or Not sent (409 invalid_status otherwise; 409 archived when archived). The caller is recorded among the campaign's editors (edited_by), who cannot approve it. A change of the audience, channel, sender, schedule, recurrence or any group's content makes it Not approved and clears its approvals (the campaign name, author and is_draft do not). Groups keep their campaign_id by group number; an added group gets a new one. 1 to 3 campaign_details (groups A, B, C); abc_audience_percent integers totalling 100; is_abc true exactly when there are several groups; channel_type email, viber, sms, viber_sms; audiences_type GENERIC (segment ids, all_customers = everyone) or AUDIENCE (audience ids): 409 unknown_reference when one does not exist; recurring_frequency none, daily, weekly or monthly (is_recurring true exactly when not none) with recurring_until after the start; each group's start_time before its end_time, its send_promotion_time (when it sends; default start_time) within them (a recurring campaign's groups within one period of its start); schedules are computed in TIMEZONE; sender, is_personalized, recommended_products and urls_to_short as their field descriptions say, a value that could have no effect being a 422 at its field; utm values from: campaign_id, campaign_name, customer_id, channel, abc_group. Fields each channel needs in a group (a group tagged skip-content, the control group, needs none): email channel_subject and channel_message_text or html_template_id (the template_id of an e-mail template, GET /campaigning-studio/templates: 409 unknown_reference when no template has it; without channel_message_text the e-mail's text part is made from the template); sms channel_message_text; viber channel_message_text, channel_button, channel_button_link, channel_image_url, channel_validity_period and channel_validity_unit; viber_sms the same plus channel_fallback_message_text. Placeholders in the texts: {ph_customer.first_name} {ph_customer.last_name} {ph_customer.vocative_name} {ph_product_1.name} {ph_product_1.url} {ph_product_1.price} {ph_product_1.image} {ph_product_2.name} {ph_product_2.url} {ph_product_2.price} {ph_product_2.image} {ph_product_3.name} {ph_product_3.url} {ph_product_3.price} {ph_product_3.image} {ph_product_4.name} {ph_product_4.url} {ph_product_4.price} {ph_product_4.image} {ph_product_5.name} {ph_product_5.url} {ph_product_5.price} {ph_product_5.image}; any other {ph_...} is a 422 naming it and its field. Each group gets a campaign_id <YYYYMMDD>_cn_<name slug>_cl_<CLIENT_CODE>_ap_<percent>_ag_<group number> (the creation day; the slug gets _2, _3, ... when another campaign holds the id); any of them names the campaign.
     */
    put: operations["putCampaigningStudioCampaigningsCampaignId"];
    post?: never;
    /**
     * Delete a campaign
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     409 invalid_status while it is Preparing, Sending or Sent, whatever the role; 409 has_sends when it has sent before (its report and the frequency cap's history would go): archive it instead. Role user deletes only their own drafts (campaigns they created that are Not approved): 403 otherwise.
     */
    delete: operations["deleteCampaigningStudioCampaigningsCampaignId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/campaignings/{campaign_id}/approve": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Approve a campaign
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Advanced or super users (403 for role user), never someone who wrote a version of it (403): its creator, anyone who edited it, or edited an audience or e-mail template it uses since (edited_by). With If-Match (the ETag of GET, or its `version` quoted), the approval holds only for that version: 412 precondition_failed when the campaign changed since (the answer's ETag is the current one); without If-Match it approves the campaign as it is. Each distinct approver lowers approvals_left; the last one makes it Approved. 409 invalid_status unless it is Not approved; 409 archived when archived; 409 already_approved when the caller has approved it already (nothing changes).
     */
    put: operations["putCampaigningStudioCampaigningsCampaignIdApprove"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/campaignings/{campaign_id}/archive": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Archive a campaign
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Hides it from GET /campaignings (unless archived=true or all) and stops edits and approvals (409 archived); its sends, report and the frequency cap's count of its messages stay. Allowed while Not approved, Sent or Not sent (409 invalid_status otherwise: an Approved campaign would still be sent). Archiving an archived campaign changes nothing. Answers the campaign.
     */
    post: operations["postCampaigningStudioCampaigningsCampaignIdArchive"];
    /**
     * Unarchive a campaign
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Brings an archived campaign back into the lists, as it was. Answers the campaign.
     */
    delete: operations["deleteCampaigningStudioCampaigningsCampaignIdArchive"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/campaignings/audience-estimate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * How many of an audience a campaign would reach now
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     The rules of a send's preparation, counted now and in that order: no consent for the channel, then no address for it, then the frequency cap (the campaign settings). A dynamic audience's filters are compiled now (its stored counts are left as they are). 404 when an audience does not exist.
     */
    post: operations["postCampaigningStudioCampaigningsAudienceEstimate"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/campaignings/preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A group's message as one customer would get it
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     The fields filled as a send fills them: {ph_customer.first_name} {ph_customer.last_name} {ph_customer.vocative_name} {ph_product_1.name} {ph_product_1.url} {ph_product_1.price} {ph_product_1.image} {ph_product_2.name} {ph_product_2.url} {ph_product_2.price} {ph_product_2.image} {ph_product_3.name} {ph_product_3.url} {ph_product_3.price} {ph_product_3.image} {ph_product_4.name} {ph_product_4.url} {ph_product_4.price} {ph_product_4.image} {ph_product_5.name} {ph_product_5.url} {ph_product_5.price} {ph_product_5.image}; products are the group's recommended_products, then (is_personalized, the default) the customer's own recommendations, topped up with the best sellers, empty past the list's end. With is_personalized false the answer is the one message every recipient gets: no customer's fields ({ph_customer.*} is a 422 at is_personalized, as for the campaign) and the shared products (recommended_products, then the best sellers), whoever customer_id names. products lists those the texts (and the template) use. sms gives the SMS's encoding and parts as sent, its tracked links (all, or those urls_to_short lists) counted as short links. An e-mail with html_template_id answers the template's HTML filled in html, and, when channel_message_text is empty, the plain-text part made from it as channel_message_text (as a send makes it). 404 for an unknown customer or template; 422 naming an unknown placeholder and its field. Nothing is recorded.
     */
    post: operations["postCampaigningStudioCampaigningsPreview"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/campaignings/send-instant": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send an approved campaign now
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Advanced or super users (403 for role user). campaign_id is any of the campaign's group ids. 409 invalid_status naming the current status unless the campaign is Approved. Answers {status_code: 202, message} once sending is triggered: the campaign goes Preparing (audience resolved, consent, address and frequency cap applied, recipients split between the groups), then Sending, then Sent (Not sent when nothing could be sent or every message failed; a recurring campaign with occurrences left goes back to Approved).
     */
    post: operations["postCampaigningStudioCampaigningsSendInstant"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/insights/delivery-report": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Delivery report (spec 2.8), per campaign, group and day
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Sends counted: every send (occurrence) of the campaign whose occurrence time lies in [date_from, date_to] (a recurring campaign: all its occurrences in the period; default period: the last 30 days up to now). targeted: messages written for those sends, control-group members excluded (a string of digits). delivered: messages with a delivered receipt (an SMS or Viber message handed to a provider that sends no receipts, the outbox, is delivered when handed on), and for e-mail (SMTP gives no receipts) messages sent with no bounced or failed event. clicked, opened, subscription (unsubscribed), bounce, complaint: messages (a recipient of a send) with at least one event of that kind, however many; bounce events come from DSNs to the inbound SMTP listener (hard and soft, Status 5.x.x and 4.x.x of a failed recipient) and from Twilio/Infobip receipts whose error code says the number is unreachable (hard or soft), complaint events from ARF reports (feedback-type abuse). skipped: messages not sent because the send-time check found the customer deleted, the address suppressed or the consent withdrawn since preparation. percent_x: x / targeted x 100 rounded to 2 decimals, 0 when targeted is 0 (percent_open and percent_clicked are over targeted too). A control group reports targeted 0. Additions to spec 2.8: campaign_id, groups (the same metrics per A/B/C group), timeline (per local day and group: recipients delivered, opened and clicked that day, by the first event of each kind), percent_open_of_delivered and percent_clicked_of_delivered (over delivered), and conversion per group and for the campaign (its messaged groups together against its control groups together): a group's members (every recipient of the sends counted, whether its message went out or not; a control group's members too) convert with a purchase event within attribution_window_days (campaign setting, default 5) after their reference time, which is the message's first delivered receipt, else its sending time, else (a control group's member, a message not sent) the group's send time (the send's start, or the group's own start in the occurrence when later); revenue is those purchases' quantity x price; uplift is the conversion rate minus the control group's in percentage points with a 95% confidence interval by Newcombe's hybrid score method (null without a control group). A purchase counts for every campaign whose window holds it. campaign_id is repeatable and any of a campaign's group ids names it (404 when one names no campaign); without it every campaign with sends in the period. A named campaign with no send in the period is listed with zeros.
     */
    get: operations["getCampaigningStudioInsightsDeliveryReport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/settings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Campaign settings: approvals needed, frequency cap
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getCampaigningStudioSettings"];
    /**
     * Change the campaign settings (super users)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     required_approvals for every campaign saved from now on; with large_audience_size, campaigns whose audience has more customers need large_audience_required_approvals (the larger of the two). A campaign keeps the number it got when its audience was last saved. frequency_cap_messages (default 3; 0 turns the cap off) per frequency_cap_days (default 7): a customer who has that many campaign messages on the campaign's channel, sent within the days or prepared and not yet sent (queued or sending: two campaigns prepared together cannot both pass it; archived campaigns' messages count too), is left out of a send (and counted); soft_bounce_limit (default 3): an e-mail address whose last that many campaign messages all soft-bounced is suppressed; omitted, they take their defaults.
     */
    put: operations["putCampaigningStudioSettings"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/suppressions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List suppressions (newest first)
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getCampaigningStudioSuppressions"];
    put?: never;
    /**
     * Suppress an address on a channel
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     A suppressed address is never sent a campaign message on its channel: the customer's effective consent is the feed's consent AND no suppression of their current address, so a later import with email_consent true does not undo it. The customer list, the audience consent filters and funnel, campaign preparation and the send-time check of every batch all read it. Unsubscribes (the link and one-click), hard bounces and complaints (DSN and ARF reports to the inbound SMTP listener), STOP replies and hard SMS/Viber failures (provider receipts) add rows themselves. Exactly one of customer_id (that customer's e-mail for email, phone number for sms and viber; 409 unknown_reference when no such customer, 422 when they have no address for the channel) and address. The address is stored normalised. The same channel, address and reason again answers the existing row (201, nothing new written).
     */
    post: operations["postCampaigningStudioSuppressions"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/suppressions/{suppression_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a suppression (super users only)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     The address may be sent to again on that channel when no other suppression of it remains and the feed's consent allows it.
     */
    delete: operations["deleteCampaigningStudioSuppressionsSuppressionId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/templates": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List e-mail templates (without their html)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Newest change first; search matches part of the name. GET one template for its html.
     */
    get: operations["getCampaigningStudioTemplates"];
    put?: never;
    /**
     * Create an e-mail template
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     An e-mail template is an HTML document (name and html, at most 500,000 characters) that e-mail campaign groups name in html_template_id. When a message is sent, the placeholders of the html ({ph_customer.first_name} {ph_customer.last_name} {ph_customer.vocative_name} {ph_product_1.name} {ph_product_1.url} {ph_product_1.price} {ph_product_1.image} {ph_product_2.name} {ph_product_2.url} {ph_product_2.price} {ph_product_2.image} {ph_product_3.name} {ph_product_3.url} {ph_product_3.price} {ph_product_3.image} {ph_product_4.name} {ph_product_4.url} {ph_product_4.price} {ph_product_4.image} {ph_product_5.name} {ph_product_5.url} {ph_product_5.price} {ph_product_5.image}; any other {ph_...} is a 422 naming html) are filled per recipient, HTML-escaped; every http(s) link of an <a href> becomes a tracked short link (/r/<code>, with the group's UTM parameters on the click); and an unsubscribe footer and a 1x1 open pixel are added just before </body> (at the end when there is none). The e-mail's text part is the group's channel_message_text when it has one, else a plain-text version of the filled template (head, script and style dropped, line breaks at <br> and block ends, tags dropped, a link as its text followed by (target), entities decoded); both end with the unsubscribe link. The author is the caller.
     */
    post: operations["postCampaigningStudioTemplates"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/campaigning-studio/templates/{template_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an e-mail template
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getCampaigningStudioTemplatesTemplateId"];
    /**
     * Change an e-mail template
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     An e-mail template is an HTML document (name and html, at most 500,000 characters) that e-mail campaign groups name in html_template_id. When a message is sent, the placeholders of the html ({ph_customer.first_name} {ph_customer.last_name} {ph_customer.vocative_name} {ph_product_1.name} {ph_product_1.url} {ph_product_1.price} {ph_product_1.image} {ph_product_2.name} {ph_product_2.url} {ph_product_2.price} {ph_product_2.image} {ph_product_3.name} {ph_product_3.url} {ph_product_3.price} {ph_product_3.image} {ph_product_4.name} {ph_product_4.url} {ph_product_4.price} {ph_product_4.image} {ph_product_5.name} {ph_product_5.url} {ph_product_5.price} {ph_product_5.image}; any other {ph_...} is a 422 naming html) are filled per recipient, HTML-escaped; every http(s) link of an <a href> becomes a tracked short link (/r/<code>, with the group's UTM parameters on the click); and an unsubscribe footer and a 1x1 open pixel are added just before </body> (at the end when there is none). The e-mail's text part is the group's channel_message_text when it has one, else a plain-text version of the filled template (head, script and style dropped, line breaks at <br> and block ends, tags dropped, a link as its text followed by (target), entities decoded); both end with the unsubscribe link. A new html changes the e-mails of the campaigns that use the template, so those that are Approved or part-approved become Not approved with their approvals cleared (as an edit of their content does); it is refused with 409 in_use while one of them is Preparing or Sending. A new name alone changes nothing else.
     */
    put: operations["putCampaigningStudioTemplatesTemplateId"];
    post?: never;
    /**
     * Delete an e-mail template
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     409 in_use naming the campaigns whose groups use it: their e-mails would have no HTML to send.
     */
    delete: operations["deleteCampaigningStudioTemplatesTemplateId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer-studio/audiences": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List audiences
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getCustomerStudioAudiences"];
    /**
     * Update a draft audience (named by audience_id in the body)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     409 not_draft unless the stored audience's status is draft. Saving with status created freezes a static audience's members.
     */
    put: operations["putCustomerStudioAudiences"];
    /**
     * Create an audience
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     status draft (editable) or created. A created static audience (is_dynamic false) stores its members now and keeps them; a dynamic one is counted again by recalculate (and before every campaign send). Filter groups in filter_group_order joined by next_group_connector; inside a group, filters in filter_order joined by filter_value_connector; applied left to right as a funnel (each step combines the result so far with the next filter). Filters: age, customer-lifetime-value, purchases-180-days, days-since-last-purchase (BETWEEN inclusive {value_name, min_value, max_value}, EQ, GT, GTE, LT, LTE, IN, NOT_IN); gender, city, country (IN, NOT_IN, EQ; case-insensitive); segment (IN, NOT_IN, EQ of segment ids; all_customers = everyone); email_consent, sms_consent, viber_consent (IN or EQ of "True"/"False"; the effective consent: a customer whose address is on the suppression list for the channel counts as not consenting); purchased (group product-focused-filters) with filter_entity product_id (item ids), category (category names) or attribute (attribute_<name>=<value>): IN bought any within period_days (default 365), NOT_IN bought none. Per filter the answer carries count_before (the previous filter's count_now; the first one's: all customers), count_now and filtered_percentage (count_now / count_before x 100, two decimals); audience_size is the last count_now. A bad filter: 422 naming it by its place (loc body.filters.<group>.values.<filter>.<field>); more filters than AUDIENCE_MAX_FILTERS (default 50): 422 at body.filters. The count runs under QUERY_TIMEOUT_MS: 503 query_timeout with Retry-After when it takes longer.
     */
    post: operations["postCustomerStudioAudiences"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer-studio/audiences/{audience_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an audience
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getCustomerStudioAudiencesAudienceId"];
    put?: never;
    post?: never;
    /**
     * Delete an audience
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    delete: operations["deleteCustomerStudioAudiencesAudienceId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer-studio/audiences/{audience_id}/customers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Customers of an audience or a segment
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     audience_id is an audience id or a segment id (all_customers: everyone). A created static audience lists its stored members; a draft or dynamic one its filters' customers now. product_1..product_10: the recommendation engine's products for the customer (DEFAULT_RECOMMENDATION_KIND, by default ai-community-based, topped up with best sellers; eligible items only), as many as the audience's number_of_recommendations, null beyond. Ordered by customer_id.
     */
    get: operations["getCustomerStudioAudiencesAudienceIdCustomers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer-studio/audiences/{audience_id}/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export an audience's or a segment's customers to CSV or XLSX, delivered by e-mail
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Answers at once with {message} naming the e-mail address the link goes to (the requesting user's; for an API client, the user who created it, else 422 no_email) and the export it queued; a job writes the file (the rows of GET .../customers, streamed; extended=true adds every customer field and the recommended products' names and prices). When it is done the address gets a signed download link that works for 6 minutes, only for the requester or a super user; a failure is e-mailed with its reason. Follow progress with GET .../exports. file_extension other than csv or xlsx: 422.
     */
    get: operations["getCustomerStudioAudiencesAudienceIdExport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer-studio/audiences/{audience_id}/exports": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Exports of an audience or segment, newest first (status and progress)
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getCustomerStudioAudiencesAudienceIdExports"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer-studio/audiences/{audience_id}/recalculate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Count a dynamic audience again
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     409 static_audience for a static audience (it keeps the members found when it was created).
     */
    post: operations["postCustomerStudioAudiencesAudienceIdRecalculate"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer-studio/audiences/estimate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Count a filter set's funnel without saving (the builder's live counts)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Filter groups in filter_group_order joined by next_group_connector; inside a group, filters in filter_order joined by filter_value_connector; applied left to right as a funnel (each step combines the result so far with the next filter). Filters: age, customer-lifetime-value, purchases-180-days, days-since-last-purchase (BETWEEN inclusive {value_name, min_value, max_value}, EQ, GT, GTE, LT, LTE, IN, NOT_IN); gender, city, country (IN, NOT_IN, EQ; case-insensitive); segment (IN, NOT_IN, EQ of segment ids; all_customers = everyone); email_consent, sms_consent, viber_consent (IN or EQ of "True"/"False"; the effective consent: a customer whose address is on the suppression list for the channel counts as not consenting); purchased (group product-focused-filters) with filter_entity product_id (item ids), category (category names) or attribute (attribute_<name>=<value>): IN bought any within period_days (default 365), NOT_IN bought none. Per filter the answer carries count_before (the previous filter's count_now; the first one's: all customers), count_now and filtered_percentage (count_now / count_before x 100, two decimals); audience_size is the last count_now. A bad filter: 422 naming it by its place (loc body.filters.<group>.values.<filter>.<field>); more filters than AUDIENCE_MAX_FILTERS (default 50): 422 at body.filters. The count runs under QUERY_TIMEOUT_MS: 503 query_timeout with Retry-After when it takes longer.
     */
    post: operations["postCustomerStudioAudiencesEstimate"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer-studio/audiences/filter-options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the builder's filters can take, from the data
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     For the builder's pickers: segments with their sizes (all_customers first), cities, countries and genders with their customer counts (case-insensitive, as the filters compare; the most frequent spelling shown), the min and max of age, customer-lifetime-value, purchases-180-days and days-since-last-purchase as those filters compare them (null when no customer has a value), and the category names and attribute_<name>=<value> pairs the purchased filter matches, with their number of items. Each list is most frequent first, at most 500 long, truncated true when the data holds more.
     */
    get: operations["getCustomerStudioAudiencesFilterOptions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer-studio/exports/{export_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An export: status (queued, running, done, failed, expired), rows_done of rows_total, error
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getCustomerStudioExportsExportId"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customer-studio/exports/{export_id}/download": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download an export's file (the signed link from the e-mail)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Works for 6 minutes after the export finished, for the requester or a super user (signed in, or with a bearer token). 403 for anyone else or a link whose signature does not match; 410 link_expired after the 6 minutes (the file is deleted); 409 not_ready while it is being made. A browser that is not signed in is sent to the sign-in page and back.
     */
    get: operations["getCustomerStudioExportsExportIdDownload"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/data/customers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Find customers by part of their id, name or e-mail
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     For pickers (the studio's preview). Most purchases in 180 days first; an id given whole comes first.
     */
    get: operations["getDataCustomers"];
    put?: never;
    /**
     * Upsert up to 10,000 customers
     * @description Scope: `data:write` (API clients with scope data:write or studio, users).
     *
     *     Bulk upsert. Each record is judged on its own: the bad ones are answered by index with the field and the reason, the good ones are kept (a record given twice: the last one wins). upserted counts the rows written (an event already stored counts zero). Sending a batch again is safe. Roles advanced and super, and API clients with those roles, may write data (403 for role user); scope data:write (or studio). Body limit 10 MB.
     */
    post: operations["postDataCustomers"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/data/discounts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List discounts (of leaflets) with whether each is valid now
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getDataDiscounts"];
    put?: never;
    /**
     * Upsert up to 10,000 discounts of leaflets
     * @description Scope: `data:write` (API clients with scope data:write or studio, users).
     *
     *     Bulk upsert. Each record is judged on its own: the bad ones are answered by index with the field and the reason, the good ones are kept (a record given twice: the last one wins). upserted counts the rows written (an event already stored counts zero). Sending a batch again is safe. Roles advanced and super, and API clients with those roles, may write data (403 for role user); scope data:write (or studio). Body limit 10 MB.
     */
    post: operations["postDataDiscounts"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/data/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upsert up to 10,000 events (views, add-to-carts, purchases, clicks, searches)
     * @description Scope: `data:write` (API clients with scope data:write or studio, users).
     *
     *     Bulk upsert. Each record is judged on its own: the bad ones are answered by index with the field and the reason, the good ones are kept (a record given twice: the last one wins). upserted counts the rows written (an event already stored counts zero). Sending a batch again is safe. Roles advanced and super, and API clients with those roles, may write data (403 for role user); scope data:write (or studio). Body limit 10 MB.
     */
    post: operations["postDataEvents"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/data/items": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Items of the catalog: by ids (item_ids, in that order) or by part of the name
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getDataItems"];
    put?: never;
    /**
     * Upsert up to 10,000 items of the catalog
     * @description Scope: `data:write` (API clients with scope data:write or studio, users).
     *
     *     Bulk upsert. Each record is judged on its own: the bad ones are answered by index with the field and the reason, the good ones are kept (a record given twice: the last one wins). upserted counts the rows written (an event already stored counts zero). Sending a batch again is safe. Roles advanced and super, and API clients with those roles, may write data (403 for role user); scope data:write (or studio). Body limit 10 MB.
     */
    post: operations["postDataItems"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/data/overview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Counts of items, customers, events, segments and the last imports
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getDataOverview"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/data/segments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List segments with their customer counts
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getDataSegments"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/messaging/outbox": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Messages handed to the outbox provider (SMS, e-mail, Viber)
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getMessagingOutbox"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/openapi.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This OpenAPI 3.1 document (JSON)
     * @description Public: it describes the API and reveals no data, so tools import it by URL. Answers ETag (304 to a matching If-None-Match) and may be cached 5 minutes.
     */
    get: operations["getOpenapiJson"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/openapi.yaml": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This OpenAPI 3.1 document (YAML)
     * @description Public: it describes the API and reveals no data, so tools import it by URL. Answers ETag (304 to a matching If-None-Match) and may be cached 5 minutes.
     */
    get: operations["getOpenapiYaml"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/settings/api-clients": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List API clients (super users only)
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getSettingsApiClients"];
    put?: never;
    /**
     * Create an API client (super users only)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     The answer holds client_secret: it is shown this once and cannot be read again. `scopes` (default ["studio"]) limit what the client may do besides its role: `content` (touchpoint content and search, public event tracking, the wheel), `data:write` (the intake routes; with role advanced or super), `studio` (everything the role allows). An operation outside them answers 403 `insufficient_scope` naming the scope it needs; tokens of the client_credentials grant carry the scopes (claim `scope`; the grant's `scope` parameter may ask for fewer). A client whose scopes are exactly ["content"] is publishable: its answer and listing carry `publishable_key` (pk_...; not a secret) for a shop's pages, accepted by content-scope operations as `Authorization: Bearer pk_...` or the query parameter `key`. Its `allowed_origins` (only publishable clients have them: 422 otherwise) are the browser origins it answers: another `Origin` gets 403 `origin_not_allowed`, a request without Origin (a server) passes, an allowed one gets CORS headers. Publishable keys are rate limited per visitor (client address) and key (PUBLISHABLE_KEY_VISITOR_RATE, PUBLISHABLE_KEY_RATE): 429 with Retry-After.
     */
    post: operations["postSettingsApiClients"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/settings/api-clients/{client_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API client (super users only); its tokens stop working at once
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    delete: operations["deleteSettingsApiClientsClientId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/settings/audit-log": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The audit log (super users only)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Every state change made through the API or the studio, newest first: who (the user's e-mail or the API client's client_id, and their role), the action (campaign.approve, campaign.delete, user.update, api_client.create, export.download, auth.sign_in, auth.sign_in_failed, ...), the object and its id, the request's X-Request-Id, a short summary (which fields were sent, and the state before -> after where known; no names, addresses or texts) and when. Filters: `actor` (exact, case-insensitive), `action` (exact, or `campaign.*` for every action on campaigns), `object_id` (any id of the object: a campaign is found by any of its groups' campaign_id, also after it was deleted). Entries are appended only: no route changes or deletes them. Changes made with the command-line tools (npm run users / clients) are recorded too, with the actor `cli:<OS user>`, the role super and one request id per command.
     */
    get: operations["getSettingsAuditLog"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/settings/users": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List users (super users only)
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getSettingsUsers"];
    put?: never;
    /**
     * Create a user (super users only)
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    post: operations["postSettingsUsers"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/settings/users/{user_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change a user's role or disable them (super users only)
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    put: operations["putSettingsUsersUserId"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/settings/users/{user_id}/password": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set another user's password (super users only); they must change it at next sign-in
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Sets `must_change_password`: the studio asks the user for a new password before anything else, and until they choose one the password grant answers 403 `password_change_required` and so does every operation but PUT /settings/users/me/password and GET /auth/me. Also clears the account's failed sign-in count. Your own password: PUT /settings/users/me/password (409 `self_reset` here).
     */
    put: operations["putSettingsUsersUserIdPassword"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/settings/users/me/password": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change your own password
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Any signed-in user (a session or a user's bearer token; not an API client), also one whose password a super user set: until they change it, every other operation but GET /auth/me answers them 403 `password_change_required`, and the password grant gives them no token. `current_password` is checked like a sign-in (a wrong one counts towards the sign-in throttle: 429 with Retry-After) and answers 422 at `body.current_password`. `new_password`: 12 to 128 characters of any kind, not on the list of common passwords, not the e-mail address, not the current password (422 at `body.new_password`). Clears `must_change_password`.
     */
    put: operations["putSettingsUsersMePassword"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/system/background-work": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Work running in the background now (demo load, model build, calculations, exports, sends)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     What the studio's indicator shows: the demo shop load and the recommendation model build with their progress, and how many touchpoint calculations, audience exports and campaign sends are under way. An empty list: nothing runs.
     */
    get: operations["getSystemBackgroundWork"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/models": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The recommendation models' builds, newest first
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Every learned rule kind (similar, related, collaborative, history-based, time-based, next-gen, description- and attribute-based) is served from models built from all events by a background job: when the first touchpoint with a learned rule goes live, nightly (RECS_BUILD_CRON, default 02:30) and when RECS_REBUILD_EVENTS new events arrived (checked every 10 minutes). The newest ready build serves in every process within seconds of its completion; a failed build keeps its error here and the previous build serves on. stats: build time (ms) and peak memory (MB) per model.
     */
    get: operations["getTouchpointStudioModels"];
    put?: never;
    /**
     * Build the recommendation models now
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Queues a build from all events (one build waits at a time: asking again while one is queued does nothing more). 202 with the build now running or queued, if any; poll GET to see it ready.
     */
    post: operations["postTouchpointStudioModels"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/promotions/sms/config": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a touchpoint's SMS promotion
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getTouchpointStudioPromotionsSmsConfig"];
    put?: never;
    /**
     * Configure a wheel's SMS promotion, or send a test
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Two requests share this path, told apart by the body: a configuration (touchpoint_id, author, promotion_base_url, config[]) answers the stored promotion; a test send (customer_id, touchpoint_id, concept_id, phone_number) texts a link to the wheel page and answers {detail}. Templates take {link} and {promotion_long_name}; other placeholders are refused.
     */
    post: operations["postTouchpointStudioPromotionsSmsConfig"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/rules/positions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List positions
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getTouchpointStudioRulesPositions"];
    put?: never;
    /**
     * Create a position
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    post: operations["postTouchpointStudioRulesPositions"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/rules/positions/{position_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Update a position
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    put: operations["putTouchpointStudioRulesPositionsPositionId"];
    post?: never;
    /**
     * Delete a position
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Refused (409, naming them) while touchpoints use it.
     */
    delete: operations["deleteTouchpointStudioRulesPositionsPositionId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/rules/strategies": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List strategies
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getTouchpointStudioRulesStrategies"];
    put?: never;
    /**
     * Create a strategy
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Rules fill slots (zero-based positions, one rule per slot). Rule values filter items: same column = alternatives (OR), different columns = all must hold (AND). A smart-search strategy has exactly one ai-search rule (positions [], values tenant_id, filter_columns, limit, match_score); a wheel-of-fortune strategy has product_hierarchy_level_id discount-leaflet and one discount-leaflet rule per slot. Unknown segments or discounts: 409. Read-only fields sent are ignored.
     */
    post: operations["postTouchpointStudioRulesStrategies"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/rules/strategies/{strategy_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a strategy
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getTouchpointStudioRulesStrategiesStrategyId"];
    /**
     * Update a strategy
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Only a ready strategy (is_ready true) can be edited (409 otherwise). Live touchpoints using it are recalculated.
     */
    put: operations["putTouchpointStudioRulesStrategiesStrategyId"];
    post?: never;
    /**
     * Delete a strategy
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Refused (409, naming them) while touchpoints use it.
     */
    delete: operations["deleteTouchpointStudioRulesStrategiesStrategyId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/rules/touchpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List touchpoints
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getTouchpointStudioRulesTouchpoints"];
    put?: never;
    /**
     * Create a touchpoint
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     smart-search touchpoints are created is_ready true, is_calculating true (until the index is warm). smart-recommender and wheel-of-fortune touchpoints are created is_ready false, is_calculating false; making one live (is_active true or is_draft false) calculates its strategies (is_calculating true), then is_ready true. Strategy types must match the touchpoint's type and fit its number_of_positions (409).
     */
    post: operations["postTouchpointStudioRulesTouchpoints"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/rules/touchpoints/{touchpoint_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a touchpoint
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getTouchpointStudioRulesTouchpointsTouchpointId"];
    /**
     * Update a touchpoint
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     smart-search touchpoints are created is_ready true, is_calculating true (until the index is warm). smart-recommender and wheel-of-fortune touchpoints are created is_ready false, is_calculating false; making one live (is_active true or is_draft false) calculates its strategies (is_calculating true), then is_ready true. Strategy types must match the touchpoint's type and fit its number_of_positions (409).
     */
    put: operations["putTouchpointStudioRulesTouchpointsTouchpointId"];
    post?: never;
    /**
     * Delete a touchpoint (and its SMS promotion)
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    delete: operations["deleteTouchpointStudioRulesTouchpointsTouchpointId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/search/report": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Top searches and searches with no results over a period
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     From the search events the content route records (one per search, not per keystroke: see the content route's `final`; term and result count) and the click events shops send with the term (of the touchpoint_id when one is given). Period: from/to, or the last `days` days (default 30).
     */
    get: operations["getTouchpointStudioSearchReport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/search/synonyms": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the shop's search synonyms
     * @description Scope: `studio` (users, and API clients with scope studio).
     */
    get: operations["getTouchpointStudioSearchSynonyms"];
    /**
     * Replace the shop's search synonyms
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Groups of words or short phrases (up to 4 words) that mean the same to the shop's customers, e.g. {"terms": ["tv", "television"]} or {"terms": ["otr", "over the range"]}. Every entry of a group finds the others; with one_way true only the first entry finds the rest. Entries are analysed like search terms (case, plurals, units). Every smart-search touchpoint uses them within about a second. The whole list is replaced.
     */
    put: operations["putTouchpointStudioSearchSynonyms"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/touchpoints/{touchpoint_id}/content": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Serve a touchpoint's content
     * @description Scope: `content` (any credential, publishable keys (pk_...) included).
     *
     *     Scope content: a shop's pages may call it with a publishable key (`Authorization: Bearer pk_...`, or `?key=pk_...` from a browser), from the key's allowed origins (CORS; OPTIONS answers preflights). Recommender kinds: headers identity_value and identity_type (customer_id, product_id or cookie_id). Without identity_type the service infers it: an item id -> product_id; a known cookie -> that customer (returned in identity_value); default or anything else -> customer_id. Strategy: the first additional strategy whose segments hold the visitor, else the default. Inactive and out-of-stock items never appear; slots a rule cannot fill take the fallback (best-sellers, then random). The rules get the request's context: the identity, the product the page shows (an item id identity, else product_hierarchy_level_value; never served itself) and the time (a discount is served while valid now). 409 not_active while the touchpoint is switched off (is_active false; the preview route still works, and a smart-search preview=true too), 409 not_ready while it is not calculated. smart-search: query term (required, 1-200 characters; empty or longer: 422), offset, limit (at most the strategy's ai-search limit: 422 above it). The strategy's ai-search values govern the answer: filter_columns are the item fields returned (item_id always; additional_item_data, the shop's own JSON object, when listed; list matched_words to get the words of the name that matched; a strategy listing an unknown column is refused at save with 422 naming it), limit the most results (count), match_score the threshold below which results are dropped, tenant_id must be this service's (409 otherwise). Words match in any order, as typed prefixes of the last word, with one typo in words of 5+ letters (two in long unknown words), in plural or singular, any case, numbers with units however written (2 in, 2-inch, 2"), in the name, ids, other names, categories, attributes and descriptions, and through the shop's synonyms (PUT /touchpoint-studio/search/synonyms). match_score (0-100, comparable across queries): the mean over the term's words of how each matched (1 exact in the name, 0.9 another form, synonym or compound, 0.7 a typo, 0.6-0.9 a prefix by the share typed; x 0.6 when only outside the name); 100 = every word matched exactly in the name; an item whose id equals the term scores 100. rank_score (the order of content, comparable within one query): text relevance (word rarity, field, match kind, share of the words matched, words standing together in the name; about 0-100) x popularity (up to +25% for units bought and clicks on search results in the last 90 days) x availability (x 0.9 when tracked stock is below 3). Each search (offset 0, not a preview; keystrokes are not searches, see final) is recorded as a search event for the search report: the term, its result count and who searched from the identity headers (customer_id, cookie_id, or inferred as for recommenders; a product_id or none is an anonymous visitor; a bad identity_type is refused with 422 naming the header). Ties in rank_score are ordered by item_id, so pages neither repeat nor skip items while the catalog changes. Catalog changes are searchable within about a second; an item written through the API, from the next search the process that wrote it answers (on PostgreSQL with several web processes, the others within about a second).
     */
    get: operations["getTouchpointStudioTouchpointsTouchpointIdContent"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/touchpoints/{touchpoint_id}/preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Preview a touchpoint's content
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Works as soon as the touchpoint is ready, active or not. touchpoint_id in the answer has the suffix -default. identity_value defaults to default; product_hierarchy_level_value names the item for similar/related subtypes. No impression is counted.
     */
    get: operations["getTouchpointStudioTouchpointsTouchpointIdPreview"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/touchpoint-studio/touchpoints/{touchpoint_id}/stats": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Impressions, clicks and CTR of a touchpoint (last `days` days)
     * @description Scope: `studio` (users, and API clients with scope studio).
     *
     *     Impressions count content responses; clicks count click events that name the touchpoint (POST /data/events).
     */
    get: operations["getTouchpointStudioTouchpointsTouchpointIdStats"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/track/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record up to 50 events of one visitor (the shop's pages)
     * @description Scope: `content` (any credential, publishable keys (pk_...) included).
     *
     *     Scope content: the tracking snippet (GET /sdk.js) calls it with a publishable key (`?key=pk_...`, or `Authorization: Bearer pk_...`) from the key's allowed origins (CORS; OPTIONS answers preflights), rate limited per visitor and per key (429 with Retry-After). The body may be sent as application/json or as text/plain (navigator.sendBeacon, and a fetch without preflight). One visitor per request: cookie_id (the snippet's first-party cookie) and, once the visitor signed in, customer_id; the first request naming both links the cookie to the customer (spec 4.3 rule 5: the cookie's earlier events become the customer's and the content route recognises the cookie), and a cookie already linked keeps its customer. Each event is validated as an intake event (POST /data/events) on its own: the bad ones are answered by index. event_id makes sending again safe. Timestamps (ISO 8601 with an offset; default: arrival) are corrected by the browser's clock offset (sent_at) and must lie within the last 7 days. The events reach the recommendations at once: the learned kinds start from the visitor's views, carts, clicks and purchases recorded since the models were built (in the web process that received them). Nothing but events and the cookie's link is written. Body limit 64 KB.
     */
    post: operations["postTrackEvents"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/infobip": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Infobip Viber delivery report
     * @description Infobip's delivery reports for campaign Viber messages. Infobip does not sign reports, so the URL the service gives it per message carries `message` and `sig` (HMAC-SHA256 with AUTH_SECRET of the message id, send, customer and leg); a wrong signature, or a report of another message id, is refused with 403. status.groupName DELIVERED records a delivered event; UNDELIVERABLE, REJECTED and EXPIRED a failed one (and start a viber_sms message's SMS leg at once); PENDING is ignored. The same messageId and status posted again is recorded once. A failure whose error is a handset error (error.groupId 1) is a bounce: hard when error.permanent (the phone number is then suppressed for Viber at once), else soft (suppressed after soft_bounce_limit in a row); an EXPIRED message without an error is a soft bounce.
     */
    post: operations["postWebhooksInfobip"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/twilio/status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Twilio message status callback
     * @description Twilio's StatusCallback for campaign SMS (the URL the service gives Twilio names send, customer and leg). Form-encoded as Twilio posts it; X-Twilio-Signature (HMAC-SHA1 with TWILIO_AUTH_TOKEN over PUBLIC_URL + path + query and the sorted parameters) must match, else 403. MessageStatus delivered records a delivered event, failed and undelivered a failed one (ErrorCode in the detail); other statuses are ignored. The same MessageSid and MessageStatus posted again is recorded once (outcome `replay`). A failure whose ErrorCode says the number cannot receive messages (30005, 30006, 21211, 21612, 21614, 30004) is a hard bounce and suppresses the number for SMS at once; 21610 (the recipient replied STOP) suppresses it with reason stop_reply; 30003 and 30008 are soft bounces (suppressed after soft_bounce_limit in a row); other codes are failures that are not the address's.
     */
    post: operations["postWebhooksTwilioStatus"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
};
export type webhooks = Record<string, never>;
export type components = {
  schemas: {
    ApiClient: {
      readonly id: string;
      name: string;
      /**
       * @description user (marketer), advanced, or super
       * @enum {string}
       */
      role: "user" | "advanced" | "super";
      readonly client_id: string;
      scopes: ("content" | "data:write" | "studio")[];
      /** @description Publishable clients: the browser origins their key answers */
      allowed_origins: string[];
      /** @description Publishable clients only (scopes exactly ["content"]): the browser key, pk_ and 43 random characters; not a secret */
      readonly publishable_key: string | null;
      readonly created_by: string;
      readonly date_created: string;
      readonly date_revoked: string | null;
      readonly last_used: string | null;
    };
    ApiClientInput: {
      name: string;
      /**
       * @description user (marketer), advanced, or super
       * @default user
       * @enum {string}
       */
      role?: "user" | "advanced" | "super";
      /** @description What the client may do besides its role (default ["studio"]). Exactly ["content"] makes a publishable client: it gets a `publishable_key` (pk_...) for browsers. */
      scopes?: ("content" | "data:write" | "studio")[];
      /** @description Publishable clients only: the browser origins its key answers (e.g. ["https://shop.example"]); a request with another Origin gets 403 origin_not_allowed, one without Origin (a server) is allowed. None: no browser may use the key. */
      allowed_origins?: string[];
    };
    Audience: {
      readonly audience_id: string;
      audience_name: string;
      author: string;
      /** @enum {string} */
      status: "draft" | "created";
      is_dynamic: boolean;
      /** @constant */
      audience_type: "customers";
      recommendations_export: {
        /**
         * @default recommender
         * @constant
         */
        export_type: "recommender";
        /**
         * @default default
         * @constant
         */
        recommendations_type: "default";
        /** @default 10 */
        number_of_recommendations: number;
      };
      filters: components["schemas"]["FilterGroup"][];
      readonly is_uploaded: boolean;
      readonly is_ready: boolean | null;
      readonly audience_size: number;
      readonly date_created: string;
      readonly date_modified: string;
    };
    AudienceInput: {
      audience_name: string;
      /** @description Ignored: the author is the caller (the signed-in user's e-mail or the API client), set when it is created and kept on edits. */
      author?: string;
      /**
       * @default draft
       * @enum {string}
       */
      status?: "draft" | "created";
      /** @default false */
      is_dynamic?: boolean;
      /**
       * @default customers
       * @constant
       */
      audience_type?: "customers";
      /**
       * @default {
       *       "export_type": "recommender",
       *       "recommendations_type": "default",
       *       "number_of_recommendations": 10
       *     }
       */
      recommendations_export?: {
        /**
         * @default recommender
         * @constant
         */
        export_type?: "recommender";
        /**
         * @default default
         * @constant
         */
        recommendations_type?: "default";
        /** @default 10 */
        number_of_recommendations?: number;
      };
      /** @default [] */
      filters?: components["schemas"]["FilterGroupInput"][];
    };
    AudienceUpdate: {
      audience_name: string;
      /** @description Ignored: the author is the caller (the signed-in user's e-mail or the API client), set when it is created and kept on edits. */
      author?: string;
      /**
       * @default draft
       * @enum {string}
       */
      status?: "draft" | "created";
      /** @default false */
      is_dynamic?: boolean;
      /**
       * @default customers
       * @constant
       */
      audience_type?: "customers";
      /**
       * @default {
       *       "export_type": "recommender",
       *       "recommendations_type": "default",
       *       "number_of_recommendations": 10
       *     }
       */
      recommendations_export?: {
        /**
         * @default recommender
         * @constant
         */
        export_type?: "recommender";
        /**
         * @default default
         * @constant
         */
        recommendations_type?: "default";
        /** @default 10 */
        number_of_recommendations?: number;
      };
      /** @default [] */
      filters?: components["schemas"]["FilterGroupInput"][];
      audience_id: string;
    };
    AuditEntry: {
      audit_id: string;
      /** @description The user's e-mail or the API client's client_id (a failed sign-in: the e-mail given) */
      actor: string;
      /** @description user, advanced or super; "" when nobody was signed in (a failed sign-in) */
      actor_role: string;
      /** @description <object>.<verb>, such as campaign.approve, auth.sign_in_failed, export.download */
      action: string;
      object_type: string;
      /** @description The object's id ("" when the action has none) */
      object_id: string;
      /** @description The X-Request-Id of the request that did it */
      request_id: string;
      /** @description What changed, in short (before -> after where known); no personal data */
      summary: string;
      date_created: string;
    };
    Campaign: {
      campaign_name: string;
      audiences: string[];
      /** @enum {string} */
      audiences_type: "GENERIC" | "AUDIENCE";
      /** @enum {string} */
      channel_type: "email" | "viber" | "sms" | "viber_sms";
      is_abc: boolean;
      sender: string;
      is_draft: boolean;
      is_approved: boolean;
      author: string;
      recurring: {
        /** @enum {string} */
        recurring_frequency: "none" | "daily" | "weekly" | "monthly";
        recurring_until: string | null;
        is_recurring: boolean;
      };
      campaign_details: components["schemas"]["CampaignDetail"][];
      /** @enum {string} */
      readonly status: "Not approved" | "Approved" | "Preparing" | "Sending" | "Sent" | "Not sent";
      /** @description Customers of the audiences when the campaign was last saved */
      readonly audience_size: number;
      /** @description Whether the caller has approved it */
      readonly is_approved_by_user: boolean;
      readonly approved_by: {
        user_email: string;
        date_approved: string;
      }[];
      readonly approvals_left: number;
      readonly required_approvals: number;
      readonly date_created: string;
      readonly date_modified: string;
      /** @description The campaign's version, also the ETag of GET (quoted there): every change gives a new one. Send it as If-Match to approve exactly this version. */
      readonly version: string;
      /** @description Who wrote a version of it (creator, editors, editors of its audience or template): none may approve it */
      readonly edited_by: string[];
      /** @description Whether the caller wrote a version of it (and so cannot approve it) */
      readonly is_edited_by_user: boolean;
      /** @description Archived: left out of lists unless archived=true or all is asked for */
      readonly is_archived: boolean;
      readonly date_archived: string | null;
      /** @description What an approver must know about whom it will reach, while it is Not approved or Approved: a draft audience (members not frozen, filters still editable), an audience not yet calculated, an audience or segments with no customers. Empty when none; the approval's answer repeats them. */
      readonly warnings: string[];
    };
    CampaignDetail: {
      /** @description <YYYYMMDD>_cn_<name slug>_cl_<CLIENT_CODE>_ap_<percent>_ag_<group number> */
      readonly campaign_id: string;
      channel_button: string;
      channel_message_text: string;
      channel_fallback_message_text: string;
      channel_button_link: string;
      channel_image_url: string;
      channel_validity_period: number | null;
      channel_validity_unit: string | null;
      readonly channel_fallback_validity_period: number | null;
      readonly channel_fallback_validity_unit: string | null;
      html_template_id: string;
      start_time: string;
      end_time: string;
      send_promotion_time: string | null;
      tags: string[];
      is_personalized: boolean;
      channel_subject: string;
      abc_audience_percent: number;
      recommended_products: string[];
      urls_to_short: string[];
      utm: ("campaign_id" | "campaign_name" | "customer_id" | "channel" | "abc_group")[];
      readonly is_sent: boolean;
      /** @description Not Sent on creation */
      readonly sending_status: string;
      readonly fail_reason: string | null;
    };
    CampaignDetailInput: {
      /**
       * @description Viber: the button's text, at most 30 characters (Viber's limit)
       * @default
       */
      channel_button?: string;
      /**
       * @description May hold placeholders (see the operation's description). SMS: at most 1,600 characters (Twilio's limit); Viber: at most 1,000
       * @default
       */
      channel_message_text?: string;
      /**
       * @description viber_sms: the SMS sent when Viber does not deliver
       * @default
       */
      channel_fallback_message_text?: string;
      /** @default  */
      channel_button_link?: string;
      /** @default  */
      channel_image_url?: string;
      /** @default null */
      channel_validity_period?: number | null;
      /** @default null */
      channel_validity_unit?: ("MINUTES" | "HOURS" | "DAYS") | null;
      /**
       * @description E-mail: the template_id of an e-mail template (/campaigning-studio/templates) sent as the HTML part; empty for none
       * @default
       */
      html_template_id?: string;
      start_time: components["schemas"]["TimestampInput"];
      end_time: components["schemas"]["TimestampInput"];
      /** @description When this group's messages go out (in each occurrence of a recurring campaign: the same local time in TIMEZONE); null: at start_time. At or after start_time and before end_time. Each group sends at its own time: a campaign's send starts with its earliest group, and a later group's messages wait for theirs */
      send_promotion_time?: components["schemas"]["TimestampInput"] | null;
      /**
       * @description skip-content marks a control group
       * @default []
       */
      tags?: string[];
      /**
       * @description true (default): each recipient's own message: {ph_customer.*} are the customer's fields and {ph_product_n.*} the customer's own recommended products (the recommendation engine's DEFAULT_RECOMMENDATION_KIND, topped up with the best sellers), after any recommended_products. false: one message for everyone: {ph_product_n.*} are recommended_products (then the best sellers) for every recipient, and {ph_customer.*} placeholders are refused, in its texts and in its HTML template (422 at is_personalized; a template changed since saving is refused likewise at approval and send-instant, and a send prepared anyway ends Not sent)
       * @default true
       */
      is_personalized?: boolean;
      /** @default  */
      channel_subject?: string;
      /** @description This group's share of the audience */
      abc_audience_percent: number;
      /**
       * @description item_ids (at most 5, each an existing item: 422 at the id otherwise) shown first, in this order, in the products {ph_product_1..5.*}: with is_personalized they lead and the recipient's own recommendations follow; without, every recipient gets them (then the best sellers). Needs a text of the group that shows products ({ph_product_n.*}; 422 otherwise)
       * @default []
       */
      recommended_products?: string[];
      /**
       * @description Links to shorten and track: empty (default) shortens every http(s) link of the texts (and of the template) to a tracked /r/<code> link; otherwise only links equal to, or starting with, one of these are shortened and tracked, and the others go out as written (untracked: their clicks are not counted). Each must be an http(s) URL and, in a group without a template or placeholders in its links, match a link of its texts (422 otherwise)
       * @default []
       */
      urls_to_short?: string[];
      /** @default [] */
      utm?: ("campaign_id" | "campaign_name" | "customer_id" | "channel" | "abc_group")[];
    };
    CampaignInput: {
      campaign_name: string;
      /** @description Segment ids (GENERIC) or audience ids */
      audiences: string[];
      /**
       * @description GENERIC: segment ids (all_customers: everyone); AUDIENCE: audiences
       * @enum {string}
       */
      audiences_type: "GENERIC" | "AUDIENCE";
      /**
       * @description viber_sms: Viber with an SMS fallback
       * @enum {string}
       */
      channel_type: "email" | "viber" | "sms" | "viber_sms";
      /** @description True exactly when there are several groups */
      is_abc: boolean;
      /**
       * @description Who the messages come from (empty: the settings' EMAIL_FROM, SMS_SENDER, VIBER_SENDER). email: a display name ("Shop News") shown with EMAIL_FROM's address, or an address / "Name <address>" on EMAIL_FROM's domain (another domain would fail DKIM and DMARC alignment: 422); sms: an alphanumeric sender id of 1 to 11 letters, digits or spaces with a letter, a number in E.164 or a Twilio Messaging Service SID; viber and viber_sms: the Viber sender name registered with Infobip (at most 28 characters); in viber_sms the SMS leg goes from SMS_SENDER
       * @default
       */
      sender?: string;
      /** @default false */
      is_draft?: boolean;
      /** @description Ignored: approval goes through PUT .../approve */
      is_approved?: boolean;
      /** @description Default: the caller */
      author?: string;
      recurring?: {
        /** @default none */
        recurring_frequency?: ("none" | "daily" | "weekly" | "monthly") | null;
        recurring_until?: components["schemas"]["TimestampInput"] | null;
        /** @default false */
        is_recurring?: boolean;
      };
      campaign_details: components["schemas"]["CampaignDetailInput"][];
    };
    CampaignSettings: {
      /** @description Approvals a campaign needs (default 1) */
      required_approvals: number;
      /** @description Campaigns whose audience has more customers than this need large_audience_required_approvals */
      large_audience_size: number | null;
      large_audience_required_approvals: number | null;
      /**
       * @description Frequency cap: at most this many campaign messages per customer per channel (0: no cap; default 3)
       * @default 3
       */
      frequency_cap_messages?: number;
      /**
       * @description Frequency cap: ... within this many days (default 7)
       * @default 7
       */
      frequency_cap_days?: number;
      /**
       * @description An e-mail address whose last this many campaign messages all soft-bounced (DSN Status 4.x.x) is suppressed (default 3); a hard bounce or a complaint suppresses at once
       * @default 3
       */
      soft_bounce_limit?: number;
      /**
       * @description The delivery report's attribution window: a recipient's purchases within this many days after its message was delivered (a control group's member: after its group's send time) count as the campaign's conversions (default 5)
       * @default 5
       */
      attribution_window_days?: number;
    };
    CampaignSettingsOutput: {
      /** @description Approvals a campaign needs (default 1) */
      required_approvals: number;
      /** @description Campaigns whose audience has more customers than this need large_audience_required_approvals */
      large_audience_size: number | null;
      large_audience_required_approvals: number | null;
      /**
       * @description Frequency cap: at most this many campaign messages per customer per channel (0: no cap; default 3)
       * @default 3
       */
      frequency_cap_messages: number;
      /**
       * @description Frequency cap: ... within this many days (default 7)
       * @default 7
       */
      frequency_cap_days: number;
      /**
       * @description An e-mail address whose last this many campaign messages all soft-bounced (DSN Status 4.x.x) is suppressed (default 3); a hard bounce or a complaint suppresses at once
       * @default 3
       */
      soft_bounce_limit: number;
      /**
       * @description The delivery report's attribution window: a recipient's purchases within this many days after its message was delivered (a control group's member: after its group's send time) count as the campaign's conversions (default 5)
       * @default 5
       */
      attribution_window_days: number;
    };
    Content: {
      touchpoint_id: string;
      touchpoint_type: string;
      identity_type: string;
      identity_value: string;
      content: {
        position: number;
        item: components["schemas"]["Item"];
        /** @description Which rule filled the slot, or the fallback (an addition to the spec's shape) */
        filled_by: {
          rule_index: number | null;
          rule_type: string | null;
          /** @description True when the slot took a fallback: the touchpoint's (rule_index null), or a learned kind's own (popularity within the rule's filters) for a visitor or product the models know nothing about */
          is_fallback: boolean;
          strategy_id: string;
          /** @description Learned kinds: the item's score for this visitor (higher is stronger) */
          score?: number;
          /** @description Previews only: why the item is here, e.g. 'bought together with Red Mug in 214 orders', 'bought 28 days ago; it is usually bought again every 30 days' */
          explanation?: string;
        };
      }[];
    };
    /** @description A customer. Fields left out keep their stored value; cookie_ids are added to the customer's cookies. */
    CustomerInput: {
      customer_id: string;
      first_name?: string;
      last_name?: string;
      vocative_name?: string;
      email?: string | null;
      /** @description Stored in E.164; without +country code read in DEFAULT_PHONE_COUNTRY. An invalid number keeps the customer without one and is reported by index. */
      phone_number?: string | null;
      gender?: string;
      age?: number | null;
      city?: string;
      country?: string;
      segment_id?: string;
      segment_name?: string;
      email_consent?: boolean;
      sms_consent?: boolean;
      viber_consent?: boolean;
      cookie_ids?: string[];
    };
    CustomerRow: {
      customer_id: string;
      first_name: string;
      last_name: string;
      phone_number: string | null;
      email: string | null;
      gender: string;
      age: number | null;
      city: string;
      segment_id: string;
      segment_name: string;
      clv_value: number;
      product_1: string | null;
      product_2: string | null;
      product_3: string | null;
      product_4: string | null;
      product_5: string | null;
      product_6: string | null;
      product_7: string | null;
      product_8: string | null;
      product_9: string | null;
      product_10: string | null;
    };
    DeliveryReport: {
      campaigns: {
        campaign_name: string;
        /** @description The campaign's first group's id (any group's id names the campaign) */
        campaign_id: string;
        metrics: {
          targeted: string;
          delivered: number;
          clicked: number;
          opened: number;
          subscription: number;
          bounce: number;
          complaint: number;
          /** @description Messages not sent because at send time the customer was deleted, the address suppressed or the consent withdrawn (counted in targeted) */
          skipped: number;
          percent_delivered: number;
          percent_clicked: number;
          percent_open: number;
          percent_subscription: number;
          percent_bounce: number;
          percent_complaint: number;
          /** @description opened / delivered x 100 (0 when nothing was delivered) */
          percent_open_of_delivered: number;
          /** @description clicked / delivered x 100 (0 when nothing was delivered) */
          percent_clicked_of_delivered: number;
        };
        /** @description The attribution window the conversions were counted with */
        attribution_window_days: number;
        /** @description The groups that got a message, together, against the control groups together */
        conversion: {
          /** @description The group's members in the sends counted, whether their message went out or not (a control group: its members); the denominator of the rates */
          recipients: number;
          /** @description Recipients with at least one purchase within the attribution window */
          conversions: number;
          /** @description conversions / recipients x 100, 2 decimals */
          conversion_rate: number;
          /** @description Sum of quantity x price of those purchases, 2 decimals */
          revenue: number;
          /** @description revenue / recipients, 2 decimals */
          revenue_per_recipient: number;
          uplift: {
            /** @description This conversion rate minus the control group's, in percentage points */
            difference: number;
            /** @description Lower bound of the 95% confidence interval of the difference, percentage points */
            ci_low: number;
            /** @description Upper bound of the 95% confidence interval of the difference, percentage points */
            ci_high: number;
            /**
             * @description Newcombe's hybrid score interval (1998, method 10)
             * @constant
             */
            method: "newcombe";
            /** @description The interval excludes 0 */
            significant: boolean;
          } | null;
        };
        groups: {
          group_number: number;
          campaign_id: string;
          abc_audience_percent: number;
          is_control: boolean;
          metrics: {
            targeted: string;
            delivered: number;
            clicked: number;
            opened: number;
            subscription: number;
            bounce: number;
            complaint: number;
            /** @description Messages not sent because at send time the customer was deleted, the address suppressed or the consent withdrawn (counted in targeted) */
            skipped: number;
            percent_delivered: number;
            percent_clicked: number;
            percent_open: number;
            percent_subscription: number;
            percent_bounce: number;
            percent_complaint: number;
            /** @description opened / delivered x 100 (0 when nothing was delivered) */
            percent_open_of_delivered: number;
            /** @description clicked / delivered x 100 (0 when nothing was delivered) */
            percent_clicked_of_delivered: number;
          };
          conversion: {
            /** @description The group's members in the sends counted, whether their message went out or not (a control group: its members); the denominator of the rates */
            recipients: number;
            /** @description Recipients with at least one purchase within the attribution window */
            conversions: number;
            /** @description conversions / recipients x 100, 2 decimals */
            conversion_rate: number;
            /** @description Sum of quantity x price of those purchases, 2 decimals */
            revenue: number;
            /** @description revenue / recipients, 2 decimals */
            revenue_per_recipient: number;
            uplift: {
              /** @description This conversion rate minus the control group's, in percentage points */
              difference: number;
              /** @description Lower bound of the 95% confidence interval of the difference, percentage points */
              ci_low: number;
              /** @description Upper bound of the 95% confidence interval of the difference, percentage points */
              ci_high: number;
              /**
               * @description Newcombe's hybrid score interval (1998, method 10)
               * @constant
               */
              method: "newcombe";
              /** @description The interval excludes 0 */
              significant: boolean;
            } | null;
          };
        }[];
        timeline: {
          /** @description YYYY-MM-DD in the service's TIMEZONE */
          date: string;
          group_number: number;
          delivered: number;
          opened: number;
          clicked: number;
        }[];
      }[];
    };
    /** @description A discount of a leaflet (what wheel-of-fortune strategies draw on). */
    DiscountInput: {
      discount_id: string;
      discount_name?: string;
      leaflet_id?: string;
      item_ids?: string[];
      discount_percent?: number;
      valid_from?: components["schemas"]["TimestampInput"] | null;
      valid_to?: components["schemas"]["TimestampInput"] | null;
    };
    Error: {
      /** @description A readable sentence */
      detail: string;
      /** @description snake_case code, stable for programs */
      code: string;
      /** @description Validation errors only: where (e.g. ["body", "rules", 0, "rule_type"]) and what */
      errors?: {
        loc: (string | number)[];
        msg: string;
      }[];
    };
    /** @description An event. Re-sending is idempotent: by event_id, else by (event_type, customer or cookie, item, order_id, timestamp, quantity, price and, for order lines, the line's position among identical lines of the batch). */
    EventInput: {
      event_id?: string;
      /** @enum {string} */
      event_type: "view" | "add_to_cart" | "purchase" | "click" | "search";
      customer_id?: string;
      cookie_id?: string;
      item_id?: string;
      /** @default 1 */
      quantity?: number;
      /**
       * @description Unit price; a purchase's value is quantity x price
       * @default 0
       */
      price?: number;
      timestamp: components["schemas"]["TimestampInput"];
      term?: string;
      order_id?: string;
      touchpoint_id?: string;
    };
    Export: {
      export_id: string;
      audience_id: string;
      audience_name: string;
      /** @enum {string} */
      file_extension: "csv" | "xlsx";
      extended: boolean;
      recipient_email: string;
      /** @enum {string} */
      status: "queued" | "running" | "done" | "failed" | "expired";
      rows_total: number;
      rows_done: number;
      file_bytes: number;
      error: string;
      link_expires_at: string | null;
      date_created: string;
      date_finished: string | null;
    };
    Filter: {
      filter_name: string;
      /** @default customer */
      filter_entity: string;
      /** @enum {string} */
      filter_type: "BETWEEN" | "IN" | "NOT_IN" | "EQ" | "GT" | "GTE" | "LT" | "LTE";
      /** @default 0 */
      filter_order: number;
      /**
       * @description How this filter joins the next one of its group (the last one's joins nothing)
       * @default AND
       * @enum {string}
       */
      filter_value_connector: "AND" | "OR";
      /** @description BETWEEN: {value_name, min_value, max_value}; IN, NOT_IN: an array of strings; EQ, GT, GTE, LT, LTE: a value */
      filter_values:
        | {
            /** @default  */
            value_name: string;
            min_value: number;
            max_value: number;
          }
        | (string | number | boolean)[]
        | (string | number | boolean);
      /** @description Product-focused filters: purchases of the last period_days (default 365). An addition to the spec. */
      period_days?: number;
      readonly count_before: number | null;
      readonly count_now: number | null;
      readonly filtered_percentage: string | null;
    };
    FilterGroup: {
      filter_group: string;
      /** @default 0 */
      filter_group_order: number;
      /**
       * @description How this group joins the next one
       * @default AND
       * @enum {string}
       */
      next_group_connector: "AND" | "OR";
      values: components["schemas"]["Filter"][];
    };
    FilterGroupInput: {
      filter_group: string;
      /** @default 0 */
      filter_group_order?: number;
      /**
       * @description How this group joins the next one
       * @default AND
       * @enum {string}
       */
      next_group_connector?: "AND" | "OR";
      values: components["schemas"]["FilterInput"][];
    };
    FilterInput: {
      filter_name: string;
      /** @default customer */
      filter_entity?: string;
      /** @enum {string} */
      filter_type: "BETWEEN" | "IN" | "NOT_IN" | "EQ" | "GT" | "GTE" | "LT" | "LTE";
      /** @default 0 */
      filter_order?: number;
      /**
       * @description How this filter joins the next one of its group (the last one's joins nothing)
       * @default AND
       * @enum {string}
       */
      filter_value_connector?: "AND" | "OR";
      /** @description BETWEEN: {value_name, min_value, max_value}; IN, NOT_IN: an array of strings; EQ, GT, GTE, LT, LTE: a value */
      filter_values:
        | {
            /** @default  */
            value_name?: string;
            min_value: number;
            max_value: number;
          }
        | (string | number | boolean)[]
        | (string | number | boolean);
      /** @description Product-focused filters: purchases of the last period_days (default 365). An addition to the spec. */
      period_days?: number;
    };
    IntakeResult: {
      received: number;
      /** @description Rows written: a record given twice in the batch counts once, an event already stored zero */
      upserted: number;
      /** @description The records not stored, by index in the batch, with the field and the reason */
      errors: {
        index: number;
        detail: string;
      }[];
    };
    /** @description Item (spec 2.5) */
    Item: {
      item_id: string;
      item_name: string;
      alternative_id: string | null;
      alternative_name: string;
      simple_name: string;
      is_active: boolean;
      /** @description With UTM_SYSTEM, UTM_<service>, UTM_TPID and UTM_TPST */
      product_url: string;
      product_price: number;
      original_price: number;
      currency: string;
      main_image: string;
      images: string[];
      attributes: {
        attribute_name: string;
        attribute_value: string;
      }[];
      categories: {
        category_level: string;
        category_name: string;
        category_type: string;
      }[];
      descriptions: {
        description_language: string;
        description_value: string | null;
      }[];
    };
    /** @description An item of the catalog (spec 2.5). Fields left out keep their stored value. */
    ItemInput: {
      item_id: string;
      item_name?: string;
      alternative_id?: string | null;
      alternative_name?: string;
      simple_name?: string;
      is_active?: boolean;
      /** @description Units in stock; 0 keeps the item out of every response, null means not tracked */
      stock?: number | null;
      product_url?: string;
      product_price?: number;
      original_price?: number;
      currency?: string;
      main_image?: string;
      images?: string[];
      date_added?: components["schemas"]["TimestampInput"];
      attributes?: {
        attribute_name: string;
        attribute_value: string | number | boolean;
      }[];
      categories?: {
        /** @enum {string} */
        category_level:
          | "category_level_0"
          | "category_level_1"
          | "category_level_2"
          | "category_level_3"
          | "category_level_4";
        category_name: string;
        /** @default  */
        category_type?: string;
      }[];
      descriptions?: {
        /** @default  */
        description_language?: string;
        description_value: string | null;
      }[];
      custom?: unknown[];
      /** @description The shop's own data about the item, a JSON object (at most 16384 bytes): stored as sent, returned by smart-search when filter_columns lists additional_item_data; not searched and not a rule filter. */
      additional_item_data?: {
        [key: string]: unknown;
      };
    };
    ModelBuild: {
      model_id: string;
      /** @enum {string} */
      status: "building" | "ready" | "failed";
      reason: string;
      date_started: string;
      date_built: string | null;
      events: number;
      bytes: number;
      stats: {
        /** @description While building: the step under way and how many of the steps are done */
        progress?: {
          step: string;
          done: number;
          total: number;
        };
      } & {
        [key: string]: {
          ms: number;
          peakMb?: number;
        };
      };
      error: string | null;
      /** @description The newest incremental update of this build (served on top of it, cumulative: it holds every earlier update's rows); null: none since the build */
      latest_update: {
        /** @description The update's number since this build (1, 2, ...) */
        seq: number;
        date_created: string;
        bytes: number;
        /** @description New purchase lines this update read */
        purchases: number;
        /** @description Items whose rows this update scored again */
        touched_items: number;
        /** @description How long the update took */
        ms: number;
      } | null;
    };
    Position: {
      readonly position_id: string;
      position_name: string;
      position_description: string;
      readonly date_created: components["schemas"]["Timestamp"];
      readonly date_modified: components["schemas"]["Timestamp"];
    };
    PositionInput: {
      position_name: string;
      /** @default  */
      position_description?: string;
    };
    PromotionConfig: {
      touchpoint_id: string;
      /**
       * @description Ignored: the author is the caller (the signed-in user's e-mail or the API client), set when it is created and kept on edits.
       * @default
       */
      author: string;
      /**
       * Format: uri
       * @description Shop page where a won discount is redeemed
       */
      promotion_base_url: string;
      config: {
        /** @enum {string} */
        message_type: "promotion-message" | "promotion-main-description" | "successful-attempt" | "invalid-attempt";
        message_template: string;
      }[];
      readonly promotion_id: string;
      readonly date_created: string;
      readonly date_modified: string;
    };
    PromotionConfigInput: {
      touchpoint_id: string;
      /**
       * @description Ignored: the author is the caller (the signed-in user's e-mail or the API client), set when it is created and kept on edits.
       * @default
       */
      author?: string;
      /**
       * Format: uri
       * @description Shop page where a won discount is redeemed
       */
      promotion_base_url: string;
      config: {
        /** @enum {string} */
        message_type: "promotion-message" | "promotion-main-description" | "successful-attempt" | "invalid-attempt";
        message_template: string;
      }[];
    };
    Rule: {
      /** @enum {string} */
      rule_type:
        | "random-products"
        | "selected-products"
        | "best-sellers"
        | "most-viewed-products"
        | "trending-products"
        | "trending-products-interactions"
        | "most-recommended-products"
        | "most-recommended-products-interactions"
        | "merchandise-rules"
        | "similar-products"
        | "similar-products-ai"
        | "related-products"
        | "related-products-ai"
        | "ai-community-based"
        | "ai-community-based-interactions"
        | "time-based"
        | "time-based-interactions"
        | "history-based"
        | "history-based-interactions"
        | "ai-next-gen"
        | "ai-description-based"
        | "ai-search"
        | "discount-leaflet"
        | "ai-attribute-based-leaflet";
      positions: number[];
      /** @default [] */
      values?: components["schemas"]["RuleValue"][];
    };
    RuleOutput: {
      /** @enum {string} */
      rule_type:
        | "random-products"
        | "selected-products"
        | "best-sellers"
        | "most-viewed-products"
        | "trending-products"
        | "trending-products-interactions"
        | "most-recommended-products"
        | "most-recommended-products-interactions"
        | "merchandise-rules"
        | "similar-products"
        | "similar-products-ai"
        | "related-products"
        | "related-products-ai"
        | "ai-community-based"
        | "ai-community-based-interactions"
        | "time-based"
        | "time-based-interactions"
        | "history-based"
        | "history-based-interactions"
        | "ai-next-gen"
        | "ai-description-based"
        | "ai-search"
        | "discount-leaflet"
        | "ai-attribute-based-leaflet";
      positions: number[];
      /** @default [] */
      values: components["schemas"]["RuleValueOutput"][];
    };
    RuleValue: {
      /** @description An item field (item_id, item_name, product_price, currency, stock, ...), attribute_<name>, category_level_<0-4>, or a rule parameter: window_days (best-sellers, most-viewed-products: days of the window, default 30; trending-products(-interactions): the recent window, default 7), measure (best-sellers: units, orders, buyers or revenue; default units), discount_id (discount-leaflet, ai-attribute-based-leaflet), exclude_purchased_days (learned kinds: items the customer bought within these days are left out; 0 keeps them; defaults in ARCHITECTURE.md), tenant_id, filter_columns, limit, match_score (ai-search) */
      column_name: string;
      /**
       * @description =, !=, <, <=, >, >=, in (comma-separated list), contains (case-insensitive)
       * @default =
       * @enum {string}
       */
      comparator?: "=" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "contains";
      value: string | number;
    };
    RuleValueOutput: {
      /** @description An item field (item_id, item_name, product_price, currency, stock, ...), attribute_<name>, category_level_<0-4>, or a rule parameter: window_days (best-sellers, most-viewed-products: days of the window, default 30; trending-products(-interactions): the recent window, default 7), measure (best-sellers: units, orders, buyers or revenue; default units), discount_id (discount-leaflet, ai-attribute-based-leaflet), exclude_purchased_days (learned kinds: items the customer bought within these days are left out; 0 keeps them; defaults in ARCHITECTURE.md), tenant_id, filter_columns, limit, match_score (ai-search) */
      column_name: string;
      /**
       * @description =, !=, <, <=, >, >=, in (comma-separated list), contains (case-insensitive)
       * @default =
       * @enum {string}
       */
      comparator: "=" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "contains";
      value: string | number;
    };
    SearchContent: {
      touchpoint_id: string;
      /** @description smart-search */
      touchpoint_type: string;
      offset: number;
      limit: number;
      count: number;
      content: components["schemas"]["SearchItem"][];
    };
    /** @description Item fields of the strategy's filter_columns (item_id always) plus match_score and rank_score */
    SearchItem: {
      item_id?: string;
      item_name?: string;
      alternative_id?: string | null;
      alternative_name?: string;
      simple_name?: string;
      is_active?: boolean;
      /** @description With UTM_SYSTEM, UTM_<service>, UTM_TPID and UTM_TPST */
      product_url?: string;
      product_price?: number;
      original_price?: number;
      currency?: string;
      main_image?: string;
      images?: string[];
      /** @description Local date-time (smart-search only) */
      date_added?: string;
      attributes?: {
        attribute_name: string;
        attribute_value: string;
      }[];
      categories?: {
        category_level: string;
        category_name: string;
        category_type: string;
      }[];
      descriptions?: {
        description_language: string;
        description_value: string | null;
      }[];
      /** @description smart-search only */
      custom?: unknown[];
      /** @description smart-search only, when filter_columns lists it */
      additional_item_data?: {
        [key: string]: unknown;
      };
      /** @description When filter_columns lists matched_words */
      matched_words?: string[];
      match_score: number;
      rank_score: number;
    };
    Segment: {
      segment_id: string;
      segment_name: string;
      customer_count: number;
    };
    Strategy: {
      readonly strategy_id: string;
      strategy_name: string;
      /** @enum {string} */
      strategy_type: "smart-recommender" | "smart-search" | "wheel-of-fortune";
      strategy_subtype: string;
      strategy_goal: string;
      author: string;
      is_draft: boolean;
      is_active: boolean;
      is_general_filter: boolean;
      is_default: boolean;
      segments: string[];
      /** @enum {string} */
      product_hierarchy_level_id: "" | "discount-leaflet";
      product_hierarchy_level_value: string;
      rules: components["schemas"]["RuleOutput"][];
      /** @description Customers in the segments */
      readonly segment_count: number;
      readonly is_ready: boolean;
      readonly date_created: components["schemas"]["Timestamp"];
      readonly date_modified: components["schemas"]["Timestamp"];
    };
    StrategyInput: {
      strategy_name: string;
      /** @enum {string} */
      strategy_type: "smart-recommender" | "smart-search" | "wheel-of-fortune";
      /** @default  */
      strategy_subtype?: string;
      /**
       * @description Free-form goal label, e.g. boost-chosen-products
       * @default
       */
      strategy_goal?: string;
      /**
       * @description Ignored: the author is the caller (the signed-in user's e-mail or the API client), set when it is created and kept on edits.
       * @default
       */
      author?: string;
      /** @default true */
      is_draft?: boolean;
      /** @default false */
      is_active?: boolean;
      /** @default false */
      is_general_filter?: boolean;
      /** @default false */
      is_default?: boolean;
      /**
       * @default [
       *       "all_customers"
       *     ]
       */
      segments?: string[];
      /**
       * @default
       * @enum {string}
       */
      product_hierarchy_level_id?: "" | "discount-leaflet";
      /** @default  */
      product_hierarchy_level_value?: string;
      rules: components["schemas"]["Rule"][];
    };
    Suppression: {
      readonly suppression_id: string;
      /** @enum {string} */
      channel: "email" | "sms" | "viber";
      /** @description Normalised: an e-mail address lower-cased, a phone number without spaces or punctuation */
      address: string;
      customer_id: string | null;
      /** @enum {string} */
      reason: "unsubscribe" | "hard_bounce" | "complaint" | "stop_reply" | "manual";
      /** @description unsubscribe_link, dsn (a bounce), arf (a complaint), twilio, infobip, or api:<who> for one made here */
      readonly source: string;
      note: string;
      readonly date_created: string;
    };
    SuppressionInput: {
      /** @enum {string} */
      channel: "email" | "sms" | "viber";
      /** @description Suppresses this customer's address on the channel */
      customer_id?: string;
      /** @description An e-mail address (email) or a phone number (sms, viber) */
      address?: string;
      /**
       * @default manual
       * @enum {string}
       */
      reason?: "unsubscribe" | "hard_bounce" | "complaint" | "stop_reply" | "manual";
      /** @default  */
      note?: string;
    };
    Template: {
      /** @description template-id-<32 hex> */
      readonly template_id: string;
      name: string;
      /** @description The e-mail of the user (or the API client's id) who created it */
      readonly author: string;
      readonly date_created: string;
      readonly date_modified: string;
      html: string;
    };
    TemplateInput: {
      name: string;
      /** @description The e-mail's HTML document; may hold placeholders (see the operation's description) */
      html: string;
    };
    TemplateSummary: {
      /** @description template-id-<32 hex> */
      template_id: string;
      name: string;
      /** @description The e-mail of the user (or the API client's id) who created it */
      author: string;
      date_created: string;
      date_modified: string;
    };
    /**
     * @description Local date-time YYYY-MM-DDTHH:MM:SS in the service's TIMEZONE (no offset)
     * @example 2026-03-01T09:30:00
     */
    Timestamp: string;
    /**
     * @description Local date-time YYYY-MM-DDTHH:MM:SS in the service's TIMEZONE; a date alone is midnight; an explicit offset (Z, +02:00) is taken as that instant
     * @example 2026-03-01T09:30:00
     * @example 2026-03-01T09:30:00+01:00
     */
    TimestampInput: string;
    Touchpoint: {
      readonly touchpoint_id: string;
      touchpoint_name: string;
      /** @enum {string} */
      touchpoint_type: "smart-recommender" | "smart-search" | "wheel-of-fortune";
      touchpoint_subtype: string;
      author: string;
      channel: string;
      position: string;
      default_strategy: string;
      strategies: string[];
      number_of_positions: number;
      is_draft: boolean;
      is_active: boolean;
      readonly is_ready: boolean;
      readonly is_calculating: boolean;
      readonly is_using_fallback: boolean;
      /** @description Why the last calculation failed (the calculation stopped and the strategies are editable again; saving the touchpoint unchanged, or editing one of its strategies, retries it at once, and the hourly recalculation retries an active touchpoint). Null once a calculation succeeds. */
      readonly calculation_error: string | null;
      readonly date_created: components["schemas"]["Timestamp"];
      readonly date_modified: components["schemas"]["Timestamp"];
    };
    TouchpointInput: {
      touchpoint_name: string;
      /** @enum {string} */
      touchpoint_type: "smart-recommender" | "smart-search" | "wheel-of-fortune";
      /** @default  */
      touchpoint_subtype?: string;
      /**
       * @description Ignored: the author is the caller (the signed-in user's e-mail or the API client), set when it is created and kept on edits.
       * @default
       */
      author?: string;
      /**
       * @description Free-form label such as website or app
       * @default
       */
      channel?: string;
      /** @description A position_id */
      position: string;
      /** @description A strategy_id of the same type */
      default_strategy: string;
      /**
       * @description Additional strategy_ids by priority
       * @default []
       */
      strategies?: string[];
      number_of_positions: number;
      /** @default true */
      is_draft?: boolean;
      /** @default false */
      is_active?: boolean;
    };
    User: {
      readonly id: string;
      email: string;
      name: string;
      /**
       * @description user (marketer), advanced, or super
       * @enum {string}
       */
      role: "user" | "advanced" | "super";
      readonly is_disabled: boolean;
      /** @description Set by a super user's password reset: the studio asks the user for a new password first. */
      readonly must_change_password: boolean;
      readonly date_created: string;
    };
    UserInput: {
      /** Format: email */
      email: string;
      /** @default  */
      name?: string;
      /**
       * @description user (marketer), advanced, or super
       * @default user
       * @enum {string}
       */
      role?: "user" | "advanced" | "super";
      password: string;
    };
  };
  responses: {
    /** @description Malformed JSON (malformed_json), a malformed Idempotency-Key, or two credentials at once (invalid_request: the Authorization header and the query parameter key) */
    BadRequest: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Refused by the resource's state or by a reference to it; a retry while the first request with its Idempotency-Key still runs (idempotency_in_progress) */
    Conflict: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description The caller's role (forbidden) or the credential's scope (insufficient_scope) may not do this, the browser's origin is not allowed (origin_not_allowed), or the user must change their password first (password_change_required) */
    Forbidden: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Gone (link_expired) */
    Gone: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Unexpected error (internal_error, logged with the request id) */
    InternalError: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Unknown id (not_found) */
    NotFound: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Not modified: the If-None-Match names the current ETag */
    NotModified: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description Body too large (payload_too_large) */
    PayloadTooLarge: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description If-Match names a version the resource no longer has (precondition_failed): read it again */
    PreconditionFailed: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        /** @description The resource's current version: read it again */
        ETag: string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description A browser without a session (Accept: text/html) is sent to the sign-in page, and back after it */
    SeeOther: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        /** @description Where to go */
        Location: string;
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description Busy or stopping (query_timeout, service_unavailable): retry after Retry-After seconds */
    ServiceUnavailable: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        /** @description Seconds to wait before retrying */
        "Retry-After": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Rate limited (rate_limited): retry after Retry-After seconds */
    TooManyRequests: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        /** @description Seconds to wait before retrying */
        "Retry-After": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description No or bad credentials (not_authenticated, invalid_token, invalid_key; invalid_grant, invalid_client at the token grant) */
    Unauthorized: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Body not sent as application/json (unsupported_media_type) */
    UnsupportedMediaType: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Validation failed (validation_error; `errors` says where), or another refusal of the input named by `code` */
    ValidationError: {
      headers: {
        /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
        "X-Request-Id": string;
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
  };
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
  getAuthMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "kind": "user",
           *       "id": "user-id-68e54a5966fd42dd92e07f50e575a0bc",
           *       "subject": "must-change-1795615736398@example.com",
           *       "name": "must-change-1795615736398@example.com",
           *       "role": "advanced",
           *       "scopes": [
           *         "studio"
           *       ]
           *     }
           */
          "application/json": {
            /** @enum {string} */
            kind: "user" | "client";
            id: string;
            subject: string;
            name: string;
            /**
             * @description user (marketer), advanced, or super
             * @enum {string}
             */
            role: "user" | "advanced" | "super";
            /** @description What the credential may do besides the role; ["studio"] for users */
            scopes: ("content" | "data:write" | "studio")[];
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed` */
      403: components["responses"]["Forbidden"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postAuthToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "grant_type": "client_credentials",
         *       "client_id": "lumen_38167458cb11959f059fe905",
         *       "client_secret": "example-secret-value",
         *       "scope": "content"
         *     }
         */
        "application/json":
          | {
              /** @constant */
              grant_type: "password";
              /** @description The user's e-mail */
              username: string;
              password: string;
            }
          | {
              /** @constant */
              grant_type: "client_credentials";
              client_id: string;
              client_secret: string;
              /** @description Space-separated scopes the token is to carry, among the client's (content, data:write, studio); default: all of the client's. */
              scope?: string;
            };
        /**
         * @example {
         *       "grant_type": "client_credentials",
         *       "client_id": "lumen_38167458cb11959f059fe905",
         *       "client_secret": "example-secret-value",
         *       "scope": "content"
         *     }
         */
        "application/x-www-form-urlencoded":
          | {
              /** @constant */
              grant_type: "password";
              /** @description The user's e-mail */
              username: string;
              password: string;
            }
          | {
              /** @constant */
              grant_type: "client_credentials";
              client_id: string;
              client_secret: string;
              /** @description Space-separated scopes the token is to carry, among the client's (content, data:write, studio); default: all of the client's. */
              scope?: string;
            };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "access_token": "example-secret-value",
           *       "token_type": "Bearer",
           *       "expires_in": 3600,
           *       "jti": "example-secret-value"
           *     }
           */
          "application/json": {
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /** @description Seconds until the token expires (TOKEN_TTL_SECONDS). */
            expires_in: number;
            /** @description The token's id (also its `jti` claim): DELETE /auth/tokens/{jti} revokes it (401 at once after). */
            jti: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_scope`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_client`, `invalid_grant` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Too Many Requests. Codes here: `rate_limited` */
      429: components["responses"]["TooManyRequests"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteAuthTokensJti: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        jti: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "detail": "Token token-id-62a3e3cd05694f7ca33356cac16d0142 revoked."
           *     }
           */
          "application/json": {
            detail: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCampaigningStudioCampaignings: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        status?: "Not approved" | "Approved" | "Preparing" | "Sending" | "Sent" | "Not sent";
        channel_type?: "email" | "viber" | "sms" | "viber_sms";
        /** @description Part of the name, the author or a campaign_id */
        search?: string;
        /** @description Archived campaigns: left out (false, the default), only them (true), or both (all) */
        archived?: "false" | "true" | "all";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "campaigns": [
           *         {
           *           "campaign_name": "Listed Viber-less one",
           *           "audiences": [
           *             "cm-seg"
           *           ],
           *           "audiences_type": "GENERIC",
           *           "channel_type": "sms",
           *           "is_abc": true,
           *           "sender": "Shop",
           *           "is_draft": false,
           *           "is_approved": false,
           *           "author": "marketer@example.com",
           *           "recurring": {
           *             "recurring_frequency": "none",
           *             "recurring_until": null,
           *             "is_recurring": false
           *           },
           *           "campaign_details": [
           *             {
           *               "campaign_id": "20261125_cn_listed_viber_less_one_cl_lumen_ap_70_ag_1",
           *               "channel_button": "",
           *               "channel_message_text": "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
           *               "channel_fallback_message_text": "",
           *               "channel_button_link": "",
           *               "channel_image_url": "",
           *               "channel_validity_period": null,
           *               "channel_validity_unit": null,
           *               "channel_fallback_validity_period": null,
           *               "channel_fallback_validity_unit": null,
           *               "html_template_id": "",
           *               "start_time": "2026-12-01T10:00:00",
           *               "end_time": "2026-12-01T18:00:00",
           *               "send_promotion_time": null,
           *               "tags": [],
           *               "is_personalized": true,
           *               "channel_subject": "",
           *               "abc_audience_percent": 70,
           *               "recommended_products": [],
           *               "urls_to_short": [],
           *               "utm": [
           *                 "campaign_id",
           *                 "abc_group"
           *               ],
           *               "is_sent": false,
           *               "sending_status": "Not Sent",
           *               "fail_reason": null
           *             },
           *             {
           *               "campaign_id": "20261125_cn_listed_viber_less_one_cl_lumen_ap_30_ag_2",
           *               "channel_button": "",
           *               "channel_message_text": "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
           *               "channel_fallback_message_text": "",
           *               "channel_button_link": "",
           *               "channel_image_url": "",
           *               "channel_validity_period": null,
           *               "channel_validity_unit": null,
           *               "channel_fallback_validity_period": null,
           *               "channel_fallback_validity_unit": null,
           *               "html_template_id": "",
           *               "start_time": "2026-12-01T10:00:00",
           *               "end_time": "2026-12-01T18:00:00",
           *               "send_promotion_time": null,
           *               "tags": [],
           *               "is_personalized": true,
           *               "channel_subject": "",
           *               "abc_audience_percent": 30,
           *               "recommended_products": [],
           *               "urls_to_short": [],
           *               "utm": [
           *                 "campaign_id",
           *                 "abc_group"
           *               ],
           *               "is_sent": false,
           *               "sending_status": "Not Sent",
           *               "fail_reason": null
           *             }
           *           ],
           *           "status": "Not approved",
           *           "audience_size": 2,
           *           "is_approved_by_user": false,
           *           "approved_by": [],
           *           "approvals_left": 1,
           *           "required_approvals": 1,
           *           "date_created": "2026-11-25T14:02:55",
           *           "date_modified": "2026-11-25T14:02:55",
           *           "version": "CC1mWYoJRlESnMsbu_qM-Z9Y7g-",
           *           "edited_by": [
           *             "marketer@example.com"
           *           ],
           *           "is_edited_by_user": true,
           *           "is_archived": false,
           *           "date_archived": null,
           *           "warnings": []
           *         }
           *       ],
           *       "count": 1
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            campaigns: components["schemas"]["Campaign"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCampaigningStudioCampaignings: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "campaign_name": "Channel limits sms",
         *       "audiences": [
         *         "cl-gsm"
         *       ],
         *       "audiences_type": "GENERIC",
         *       "channel_type": "sms",
         *       "is_abc": false,
         *       "sender": "",
         *       "recurring": {
         *         "recurring_frequency": "none",
         *         "recurring_until": null,
         *         "is_recurring": false
         *       },
         *       "campaign_details": [
         *         {
         *           "start_time": "2026-12-01T10:00:00",
         *           "end_time": "2026-12-01T18:00:00",
         *           "abc_audience_percent": 100,
         *           "channel_message_text": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa https://shop.example/pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp"
         *         }
         *       ]
         *     }
         */
        "application/json": components["schemas"]["CampaignInput"];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "campaign_name": "Winter sale",
           *       "audiences": [
           *         "audience-id-fa4527f4a0ea4e348b6c423613af4912"
           *       ],
           *       "audiences_type": "AUDIENCE",
           *       "channel_type": "sms",
           *       "is_abc": true,
           *       "sender": "Shop",
           *       "is_draft": false,
           *       "is_approved": false,
           *       "author": "marketer@example.com",
           *       "recurring": {
           *         "recurring_frequency": "none",
           *         "recurring_until": null,
           *         "is_recurring": false
           *       },
           *       "campaign_details": [
           *         {
           *           "campaign_id": "20261125_cn_winter_sale_5_cl_lumen_ap_70_ag_1",
           *           "channel_button": "",
           *           "channel_message_text": "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
           *           "channel_fallback_message_text": "",
           *           "channel_button_link": "",
           *           "channel_image_url": "",
           *           "channel_validity_period": null,
           *           "channel_validity_unit": null,
           *           "channel_fallback_validity_period": null,
           *           "channel_fallback_validity_unit": null,
           *           "html_template_id": "",
           *           "start_time": "2026-12-01T10:00:00",
           *           "end_time": "2026-12-01T18:00:00",
           *           "send_promotion_time": null,
           *           "tags": [],
           *           "is_personalized": true,
           *           "channel_subject": "",
           *           "abc_audience_percent": 70,
           *           "recommended_products": [],
           *           "urls_to_short": [],
           *           "utm": [
           *             "campaign_id",
           *             "abc_group"
           *           ],
           *           "is_sent": false,
           *           "sending_status": "Not Sent",
           *           "fail_reason": null
           *         },
           *         {
           *           "campaign_id": "20261125_cn_winter_sale_5_cl_lumen_ap_30_ag_2",
           *           "channel_button": "",
           *           "channel_message_text": "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
           *           "channel_fallback_message_text": "",
           *           "channel_button_link": "",
           *           "channel_image_url": "",
           *           "channel_validity_period": null,
           *           "channel_validity_unit": null,
           *           "channel_fallback_validity_period": null,
           *           "channel_fallback_validity_unit": null,
           *           "html_template_id": "",
           *           "start_time": "2026-12-01T10:00:00",
           *           "end_time": "2026-12-01T18:00:00",
           *           "send_promotion_time": null,
           *           "tags": [],
           *           "is_personalized": true,
           *           "channel_subject": "",
           *           "abc_audience_percent": 30,
           *           "recommended_products": [],
           *           "urls_to_short": [],
           *           "utm": [
           *             "campaign_id",
           *             "abc_group"
           *           ],
           *           "is_sent": false,
           *           "sending_status": "Not Sent",
           *           "fail_reason": null
           *         }
           *       ],
           *       "status": "Not approved",
           *       "audience_size": 3,
           *       "is_approved_by_user": false,
           *       "approved_by": [],
           *       "approvals_left": 1,
           *       "required_approvals": 1,
           *       "date_created": "2026-11-25T14:02:55",
           *       "date_modified": "2026-11-25T14:02:55",
           *       "version": "yhEHEah2iny9swM2hJDYCJmVX_j",
           *       "edited_by": [
           *         "marketer@example.com"
           *       ],
           *       "is_edited_by_user": true,
           *       "is_archived": false,
           *       "date_archived": null,
           *       "warnings": []
           *     }
           */
          "application/json": components["schemas"]["Campaign"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `already_exists`, `idempotency_in_progress`, `unknown_reference` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCampaigningStudioCampaigningsCampaignId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        campaign_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description The campaign's version, quoted: send it as If-Match to approve */
          ETag: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "campaign_name": "Concurrent",
           *       "audiences": [
           *         "cm-seg"
           *       ],
           *       "audiences_type": "GENERIC",
           *       "channel_type": "sms",
           *       "is_abc": true,
           *       "sender": "Shop",
           *       "is_draft": false,
           *       "is_approved": true,
           *       "author": "marketer@example.com",
           *       "recurring": {
           *         "recurring_frequency": "none",
           *         "recurring_until": null,
           *         "is_recurring": false
           *       },
           *       "campaign_details": [
           *         {
           *           "campaign_id": "20261125_cn_concurrent_cl_lumen_ap_70_ag_1",
           *           "channel_button": "",
           *           "channel_message_text": "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
           *           "channel_fallback_message_text": "",
           *           "channel_button_link": "",
           *           "channel_image_url": "",
           *           "channel_validity_period": null,
           *           "channel_validity_unit": null,
           *           "channel_fallback_validity_period": null,
           *           "channel_fallback_validity_unit": null,
           *           "html_template_id": "",
           *           "start_time": "2026-12-01T10:00:00",
           *           "end_time": "2026-12-01T18:00:00",
           *           "send_promotion_time": null,
           *           "tags": [],
           *           "is_personalized": true,
           *           "channel_subject": "",
           *           "abc_audience_percent": 70,
           *           "recommended_products": [],
           *           "urls_to_short": [],
           *           "utm": [
           *             "campaign_id",
           *             "abc_group"
           *           ],
           *           "is_sent": false,
           *           "sending_status": "Not Sent",
           *           "fail_reason": null
           *         },
           *         {
           *           "campaign_id": "20261125_cn_concurrent_cl_lumen_ap_30_ag_2",
           *           "channel_button": "",
           *           "channel_message_text": "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
           *           "channel_fallback_message_text": "",
           *           "channel_button_link": "",
           *           "channel_image_url": "",
           *           "channel_validity_period": null,
           *           "channel_validity_unit": null,
           *           "channel_fallback_validity_period": null,
           *           "channel_fallback_validity_unit": null,
           *           "html_template_id": "",
           *           "start_time": "2026-12-01T10:00:00",
           *           "end_time": "2026-12-01T18:00:00",
           *           "send_promotion_time": null,
           *           "tags": [],
           *           "is_personalized": true,
           *           "channel_subject": "",
           *           "abc_audience_percent": 30,
           *           "recommended_products": [],
           *           "urls_to_short": [],
           *           "utm": [
           *             "campaign_id",
           *             "abc_group"
           *           ],
           *           "is_sent": false,
           *           "sending_status": "Not Sent",
           *           "fail_reason": null
           *         }
           *       ],
           *       "status": "Approved",
           *       "audience_size": 2,
           *       "is_approved_by_user": false,
           *       "approved_by": [
           *         {
           *           "user_email": "advanced@example.com",
           *           "date_approved": "2026-11-25T14:02:57"
           *         },
           *         {
           *           "user_email": "super@example.com",
           *           "date_approved": "2026-11-25T14:02:57"
           *         }
           *       ],
           *       "approvals_left": 0,
           *       "required_approvals": 3,
           *       "date_created": "2026-11-25T14:02:57",
           *       "date_modified": "2026-11-25T14:02:57",
           *       "version": "CPU7IsAbn-tQZmStPHLFyDfBWgj",
           *       "edited_by": [
           *         "marketer@example.com"
           *       ],
           *       "is_edited_by_user": true,
           *       "is_archived": false,
           *       "date_archived": null,
           *       "warnings": []
           *     }
           */
          "application/json": components["schemas"]["Campaign"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putCampaigningStudioCampaigningsCampaignId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        campaign_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "campaign_name": "Edit me",
         *       "audiences": [
         *         "all_customers"
         *       ],
         *       "audiences_type": "GENERIC",
         *       "channel_type": "sms",
         *       "is_abc": true,
         *       "sender": "Shop",
         *       "is_draft": false,
         *       "is_approved": false,
         *       "author": "marketer@example.com",
         *       "recurring": {
         *         "recurring_frequency": "none",
         *         "recurring_until": null,
         *         "is_recurring": false
         *       },
         *       "campaign_details": [
         *         {
         *           "channel_message_text": "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
         *           "start_time": "2026-12-01T10:00:00",
         *           "end_time": "2026-12-01T18:00:00",
         *           "abc_audience_percent": 70,
         *           "utm": [
         *             "campaign_id",
         *             "abc_group"
         *           ]
         *         },
         *         {
         *           "channel_message_text": "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
         *           "start_time": "2026-12-01T10:00:00",
         *           "end_time": "2026-12-01T18:00:00",
         *           "abc_audience_percent": 30,
         *           "utm": [
         *             "campaign_id",
         *             "abc_group"
         *           ]
         *         }
         *       ]
         *     }
         */
        "application/json": components["schemas"]["CampaignInput"];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "campaign_name": "Edited name",
           *       "audiences": [
           *         "cm-seg"
           *       ],
           *       "audiences_type": "GENERIC",
           *       "channel_type": "sms",
           *       "is_abc": true,
           *       "sender": "Shop",
           *       "is_draft": false,
           *       "is_approved": true,
           *       "author": "marketer@example.com",
           *       "recurring": {
           *         "recurring_frequency": "none",
           *         "recurring_until": null,
           *         "is_recurring": false
           *       },
           *       "campaign_details": [
           *         {
           *           "campaign_id": "20261125_cn_edit_me_cl_lumen_ap_70_ag_1",
           *           "channel_button": "",
           *           "channel_message_text": "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
           *           "channel_fallback_message_text": "",
           *           "channel_button_link": "",
           *           "channel_image_url": "",
           *           "channel_validity_period": null,
           *           "channel_validity_unit": null,
           *           "channel_fallback_validity_period": null,
           *           "channel_fallback_validity_unit": null,
           *           "html_template_id": "",
           *           "start_time": "2026-12-01T10:00:00",
           *           "end_time": "2026-12-01T18:00:00",
           *           "send_promotion_time": null,
           *           "tags": [],
           *           "is_personalized": true,
           *           "channel_subject": "",
           *           "abc_audience_percent": 70,
           *           "recommended_products": [],
           *           "urls_to_short": [],
           *           "utm": [
           *             "campaign_id",
           *             "abc_group"
           *           ],
           *           "is_sent": false,
           *           "sending_status": "Not Sent",
           *           "fail_reason": null
           *         },
           *         {
           *           "campaign_id": "20261125_cn_edit_me_cl_lumen_ap_30_ag_2",
           *           "channel_button": "",
           *           "channel_message_text": "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
           *           "channel_fallback_message_text": "",
           *           "channel_button_link": "",
           *           "channel_image_url": "",
           *           "channel_validity_period": null,
           *           "channel_validity_unit": null,
           *           "channel_fallback_validity_period": null,
           *           "channel_fallback_validity_unit": null,
           *           "html_template_id": "",
           *           "start_time": "2026-12-01T10:00:00",
           *           "end_time": "2026-12-01T18:00:00",
           *           "send_promotion_time": null,
           *           "tags": [],
           *           "is_personalized": true,
           *           "channel_subject": "",
           *           "abc_audience_percent": 30,
           *           "recommended_products": [],
           *           "urls_to_short": [],
           *           "utm": [
           *             "campaign_id",
           *             "abc_group"
           *           ],
           *           "is_sent": false,
           *           "sending_status": "Not Sent",
           *           "fail_reason": null
           *         }
           *       ],
           *       "status": "Approved",
           *       "audience_size": 2,
           *       "is_approved_by_user": false,
           *       "approved_by": [
           *         {
           *           "user_email": "advanced@example.com",
           *           "date_approved": "2026-11-25T14:02:57"
           *         }
           *       ],
           *       "approvals_left": 0,
           *       "required_approvals": 1,
           *       "date_created": "2026-11-25T14:02:57",
           *       "date_modified": "2026-11-25T14:02:57",
           *       "version": "1osOwxb5rrH0tCbrzu4T618P6xc",
           *       "edited_by": [
           *         "marketer@example.com"
           *       ],
           *       "is_edited_by_user": true,
           *       "is_archived": false,
           *       "date_archived": null,
           *       "warnings": []
           *     }
           */
          "application/json": components["schemas"]["Campaign"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `archived`, `idempotency_in_progress`, `invalid_status`, `unknown_reference` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteCampaigningStudioCampaigningsCampaignId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        campaign_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "detail": "Campaign 20261125_cn_holds_approved_cl_lumen_ap_100_ag_1 deleted."
           *     }
           */
          "application/json": {
            detail: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `has_sends`, `idempotency_in_progress`, `invalid_status` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putCampaigningStudioCampaigningsCampaignIdApprove: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of GET (or `version` quoted), or *: approve only that version (412 otherwise) */
        "If-Match"?: string;
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        campaign_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "detail": "Campaign 20261125_cn_holds_audience_cl_lumen_ap_100_ag_1 approved by advanced@example.com; it is Approved. Note: Audience “Holds audience, everyone” (audience-id-c577dc86bfd64a838bf59c67245a7284) is a draft: its members are not frozen, so the send takes whoever its filters match when it starts, and its filters may still be edited (an edit sends this campaign back for approval).",
           *       "warnings": [
           *         "Audience “Holds audience, everyone” (audience-id-c577dc86bfd64a838bf59c67245a7284) is a draft: its members are not frozen, so the send takes whoever its filters match when it starts, and its filters may still be edited (an edit sends this campaign back for approval)."
           *       ]
           *     }
           */
          "application/json": {
            detail: string;
            /** @description The campaign's audience warnings (as `warnings` on the campaign): a draft audience, one not yet calculated, or no customers. The approval is not refused for them; detail repeats them. */
            warnings: string[];
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `already_approved`, `archived`, `idempotency_in_progress`, `invalid_status` */
      409: components["responses"]["Conflict"];
      /** @description Precondition Failed. Codes here: `precondition_failed` */
      412: components["responses"]["PreconditionFailed"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCampaigningStudioCampaigningsCampaignIdArchive: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        campaign_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "campaign_name": "ds cap a",
           *       "audiences": [
           *         "ds-cap"
           *       ],
           *       "audiences_type": "GENERIC",
           *       "channel_type": "sms",
           *       "is_abc": false,
           *       "sender": "Shop",
           *       "is_draft": false,
           *       "is_approved": true,
           *       "author": "marketer@example.com",
           *       "recurring": {
           *         "recurring_frequency": "none",
           *         "recurring_until": null,
           *         "is_recurring": false
           *       },
           *       "campaign_details": [
           *         {
           *           "campaign_id": "20261125_cn_ds_cap_a_cl_lumen_ap_100_ag_1",
           *           "channel_button": "",
           *           "channel_message_text": "Hi {ph_customer.first_name}",
           *           "channel_fallback_message_text": "",
           *           "channel_button_link": "",
           *           "channel_image_url": "",
           *           "channel_validity_period": null,
           *           "channel_validity_unit": null,
           *           "channel_fallback_validity_period": null,
           *           "channel_fallback_validity_unit": null,
           *           "html_template_id": "",
           *           "start_time": "2026-12-01T10:00:00",
           *           "end_time": "2026-12-01T18:00:00",
           *           "send_promotion_time": null,
           *           "tags": [],
           *           "is_personalized": true,
           *           "channel_subject": "News",
           *           "abc_audience_percent": 100,
           *           "recommended_products": [],
           *           "urls_to_short": [],
           *           "utm": [],
           *           "is_sent": true,
           *           "sending_status": "Sent",
           *           "fail_reason": null
           *         }
           *       ],
           *       "status": "Sent",
           *       "audience_size": 20,
           *       "is_approved_by_user": false,
           *       "approved_by": [
           *         {
           *           "user_email": "advanced@example.com",
           *           "date_approved": "2026-11-25T14:04:59"
           *         }
           *       ],
           *       "approvals_left": 0,
           *       "required_approvals": 1,
           *       "date_created": "2026-11-25T14:04:59",
           *       "date_modified": "2026-11-25T14:04:59",
           *       "version": "FEufUUlNS5-nA0tkcKq-MlTJ6eW",
           *       "edited_by": [
           *         "marketer@example.com"
           *       ],
           *       "is_edited_by_user": true,
           *       "is_archived": true,
           *       "date_archived": "2026-11-25T14:04:59",
           *       "warnings": []
           *     }
           */
          "application/json": components["schemas"]["Campaign"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `invalid_status` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteCampaigningStudioCampaigningsCampaignIdArchive: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        campaign_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "campaign_name": "Holds archive",
           *       "audiences": [
           *         "ah-seg"
           *       ],
           *       "audiences_type": "GENERIC",
           *       "channel_type": "sms",
           *       "is_abc": false,
           *       "sender": "Shop",
           *       "is_draft": false,
           *       "is_approved": false,
           *       "author": "marketer@example.com",
           *       "recurring": {
           *         "recurring_frequency": "none",
           *         "recurring_until": null,
           *         "is_recurring": false
           *       },
           *       "campaign_details": [
           *         {
           *           "campaign_id": "20261125_cn_holds_archive_cl_lumen_ap_100_ag_1",
           *           "channel_button": "",
           *           "channel_message_text": "Hi {ph_customer.first_name}",
           *           "channel_fallback_message_text": "",
           *           "channel_button_link": "",
           *           "channel_image_url": "",
           *           "channel_validity_period": null,
           *           "channel_validity_unit": null,
           *           "channel_fallback_validity_period": null,
           *           "channel_fallback_validity_unit": null,
           *           "html_template_id": "",
           *           "start_time": "2026-12-01T10:00:00",
           *           "end_time": "2026-12-01T18:00:00",
           *           "send_promotion_time": null,
           *           "tags": [],
           *           "is_personalized": true,
           *           "channel_subject": "",
           *           "abc_audience_percent": 100,
           *           "recommended_products": [],
           *           "urls_to_short": [],
           *           "utm": [],
           *           "is_sent": false,
           *           "sending_status": "Not Sent",
           *           "fail_reason": null
           *         }
           *       ],
           *       "status": "Not approved",
           *       "audience_size": 2,
           *       "is_approved_by_user": false,
           *       "approved_by": [],
           *       "approvals_left": 1,
           *       "required_approvals": 1,
           *       "date_created": "2026-11-25T14:04:09",
           *       "date_modified": "2026-11-25T14:04:09",
           *       "version": "S_NPaRFU9i9v9JsoBeSp4acGEW4",
           *       "edited_by": [
           *         "marketer@example.com"
           *       ],
           *       "is_edited_by_user": true,
           *       "is_archived": false,
           *       "date_archived": null,
           *       "warnings": []
           *     }
           */
          "application/json": components["schemas"]["Campaign"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCampaigningStudioCampaigningsAudienceEstimate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "channel_type": "viber_sms",
         *       "audiences_type": "GENERIC",
         *       "audiences": [
         *         "cp-est",
         *         "cp-capped"
         *       ]
         *     }
         */
        "application/json": {
          /** @enum {string} */
          channel_type: "email" | "viber" | "sms" | "viber_sms";
          /** @enum {string} */
          audiences_type: "GENERIC" | "AUDIENCE";
          audiences: string[];
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "audience": 6,
           *       "excluded_no_consent": 1,
           *       "excluded_no_address": 1,
           *       "excluded_frequency_cap": 0,
           *       "reachable": 4
           *     }
           */
          "application/json": {
            /** @description Customers of the audience now */
            audience: number;
            excluded_no_consent: number;
            excluded_no_address: number;
            excluded_frequency_cap: number;
            /** @description Those a send now would target (control groups included) */
            reachable: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCampaigningStudioCampaigningsPreview: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "channel_type": "viber",
         *       "customer_id": "cp-jana",
         *       "channel_subject": "",
         *       "channel_message_text": "Ahoj {ph_customer.vocative_name}, {ph_product_1.name} za {ph_product_1.price}",
         *       "channel_button": "See {ph_product_2.name}",
         *       "channel_button_link": "{ph_product_2.url}",
         *       "channel_image_url": "{ph_product_1.image}"
         *     }
         */
        "application/json": {
          /** @default  */
          channel_subject?: string;
          /**
           * @description May hold placeholders (see the operation's description). SMS: at most 1,600 characters (Twilio's limit); Viber: at most 1,000
           * @default
           */
          channel_message_text?: string;
          /**
           * @description viber_sms: the SMS sent when Viber does not deliver
           * @default
           */
          channel_fallback_message_text?: string;
          /**
           * @description Viber: the button's text, at most 30 characters (Viber's limit)
           * @default
           */
          channel_button?: string;
          /** @default  */
          channel_button_link?: string;
          /** @default  */
          channel_image_url?: string;
          /**
           * @description E-mail: the template_id of an e-mail template (/campaigning-studio/templates) sent as the HTML part; empty for none
           * @default
           */
          html_template_id?: string;
          /**
           * @description true (default): each recipient's own message: {ph_customer.*} are the customer's fields and {ph_product_n.*} the customer's own recommended products (the recommendation engine's DEFAULT_RECOMMENDATION_KIND, topped up with the best sellers), after any recommended_products. false: one message for everyone: {ph_product_n.*} are recommended_products (then the best sellers) for every recipient, and {ph_customer.*} placeholders are refused, in its texts and in its HTML template (422 at is_personalized; a template changed since saving is refused likewise at approval and send-instant, and a send prepared anyway ends Not sent)
           * @default true
           */
          is_personalized?: boolean;
          /**
           * @description item_ids (at most 5, each an existing item: 422 at the id otherwise) shown first, in this order, in the products {ph_product_1..5.*}: with is_personalized they lead and the recipient's own recommendations follow; without, every recipient gets them (then the best sellers). Needs a text of the group that shows products ({ph_product_n.*}; 422 otherwise)
           * @default []
           */
          recommended_products?: string[];
          /**
           * @description Links to shorten and track: empty (default) shortens every http(s) link of the texts (and of the template) to a tracked /r/<code> link; otherwise only links equal to, or starting with, one of these are shortened and tracked, and the others go out as written (untracked: their clicks are not counted). Each must be an http(s) URL and, in a group without a template or placeholders in its links, match a link of its texts (422 otherwise)
           * @default []
           */
          urls_to_short?: string[];
          /** @enum {string} */
          channel_type: "email" | "viber" | "sms" | "viber_sms";
          customer_id: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "customer": {
           *         "customer_id": "np-ana",
           *         "first_name": "Name0",
           *         "last_name": ""
           *       },
           *       "is_personalized": false,
           *       "channel_type": "sms",
           *       "channel_subject": "",
           *       "channel_message_text": "Picks: Synthetic np product 7, Synthetic np product 0 at 10.00",
           *       "channel_fallback_message_text": "",
           *       "channel_button": "",
           *       "channel_button_link": "",
           *       "channel_image_url": "",
           *       "html": null,
           *       "products": [
           *         {
           *           "position": 1,
           *           "name": "Synthetic np product 7",
           *           "url": "https://shop.example/np/7",
           *           "price": "17.00",
           *           "image": "https://shop.example/np/7.jpg"
           *         },
           *         {
           *           "position": 2,
           *           "name": "Synthetic np product 0",
           *           "url": "https://shop.example/np/0",
           *           "price": "10.00",
           *           "image": "https://shop.example/np/0.jpg"
           *         }
           *       ],
           *       "sms": {
           *         "field": "channel_message_text",
           *         "encoding": "GSM-7",
           *         "characters": 62,
           *         "segments": 1,
           *         "per_segment": 160,
           *         "short_link_length": 48
           *       }
           *     }
           */
          "application/json": {
            customer: {
              customer_id: string;
              first_name: string;
              last_name: string;
            };
            /** @description false: the message is the same for every recipient (no customer's fields or own recommendations) */
            is_personalized: boolean;
            /** @enum {string} */
            channel_type: "email" | "viber" | "sms" | "viber_sms";
            channel_subject: string;
            channel_message_text: string;
            channel_fallback_message_text: string;
            channel_button: string;
            channel_button_link: string;
            channel_image_url: string;
            /** @description E-mail with html_template_id: the HTML part as sent (placeholders filled, the unsubscribe footer before </body>), but links not yet tracked and no open pixel; else null */
            html: string | null;
            /** @description The products the texts use, by position */
            products: {
              /** @description n of {ph_product_n...} */
              position: number;
              name: string;
              url: string;
              /** @description Two decimals, as the message shows it */
              price: string;
              image: string;
            }[];
            /** @description sms and viber_sms: the SMS's length as sent; else null */
            sms: {
              /** @enum {string} */
              field: "channel_message_text" | "channel_fallback_message_text";
              /** @enum {string} */
              encoding: "GSM-7" | "UCS-2";
              characters: number;
              /** @description Parts the SMS is sent and billed as */
              segments: number;
              per_segment: number;
              /** @description Characters of each tracked link as sent */
              short_link_length: number;
            } | null;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCampaigningStudioCampaigningsSendInstant: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "campaign_id": "20261125_cn_receipt_suppression_mail_cl_lumen_ap_100_ag_1"
         *     }
         */
        "application/json": {
          campaign_id: string;
        };
      };
    };
    responses: {
      /** @description Success */
      202: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status_code": 202,
           *       "message": "Sending of campaign 20261125_cn_receipt_suppression_mail_cl_lumen_ap_100_ag_1 was triggered: it is being prepared and will be sent."
           *     }
           */
          "application/json": {
            status_code: number;
            message: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `invalid_status` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCampaigningStudioInsightsDeliveryReport: {
    parameters: {
      query?: {
        /** @description Any of a campaign's group ids; repeat it for several campaigns */
        campaign_id?: string | string[];
        date_from?: components["schemas"]["TimestampInput"];
        date_to?: components["schemas"]["TimestampInput"];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "campaigns": [
           *         {
           *           "campaign_name": "Demo · Spring preview for our best customers (sent, synthetic behaviour)",
           *           "campaign_id": "20261125_cn_demo_spring_preview_for_our_best_customers_sent_synthetic_be_cl_lumen_ap_40_ag_1",
           *           "metrics": {
           *             "targeted": "64",
           *             "delivered": 63,
           *             "clicked": 5,
           *             "opened": 29,
           *             "subscription": 1,
           *             "bounce": 1,
           *             "complaint": 1,
           *             "skipped": 0,
           *             "percent_delivered": 98.44,
           *             "percent_clicked": 7.81,
           *             "percent_open": 45.31,
           *             "percent_subscription": 1.56,
           *             "percent_bounce": 1.56,
           *             "percent_complaint": 1.56,
           *             "percent_open_of_delivered": 46.03,
           *             "percent_clicked_of_delivered": 7.94
           *           },
           *           "attribution_window_days": 5,
           *           "conversion": {
           *             "recipients": 64,
           *             "conversions": 3,
           *             "conversion_rate": 4.69,
           *             "revenue": 22.73,
           *             "revenue_per_recipient": 0.36,
           *             "uplift": {
           *               "difference": 4.69,
           *               "ci_low": -17.06,
           *               "ci_high": 12.9,
           *               "method": "newcombe",
           *               "significant": false
           *             }
           *           },
           *           "groups": [
           *             {
           *               "group_number": 1,
           *               "campaign_id": "20261125_cn_demo_spring_preview_for_our_best_customers_sent_synthetic_be_cl_lumen_ap_40_ag_1",
           *               "abc_audience_percent": 40,
           *               "is_control": false,
           *               "metrics": {
           *                 "targeted": "37",
           *                 "delivered": 37,
           *                 "clicked": 4,
           *                 "opened": 17,
           *                 "subscription": 0,
           *                 "bounce": 0,
           *                 "complaint": 0,
           *                 "skipped": 0,
           *                 "percent_delivered": 100,
           *                 "percent_clicked": 10.81,
           *                 "percent_open": 45.95,
           *                 "percent_subscription": 0,
           *                 "percent_bounce": 0,
           *                 "percent_complaint": 0,
           *                 "percent_open_of_delivered": 45.95,
           *                 "percent_clicked_of_delivered": 10.81
           *               },
           *               "conversion": {
           *                 "recipients": 37,
           *                 "conversions": 2,
           *                 "conversion_rate": 5.41,
           *                 "revenue": 13.88,
           *                 "revenue_per_recipient": 0.38,
           *                 "uplift": {
           *                   "difference": 5.41,
           *                   "ci_low": -16.48,
           *                   "ci_high": 17.7,
           *                   "method": "newcombe",
           *                   "significant": false
           *                 }
           *               }
           *             },
           *             {
           *               "group_number": 2,
           *               "campaign_id": "20261125_cn_demo_spring_preview_for_our_best_customers_sent_synthetic_be_cl_lumen_ap_40_ag_2",
           *               "abc_audience_percent": 40,
           *               "is_control": false,
           *               "metrics": {
           *                 "targeted": "27",
           *                 "delivered": 26,
           *                 "clicked": 1,
           *                 "opened": 12,
           *                 "subscription": 1,
           *                 "bounce": 1,
           *                 "complaint": 1,
           *                 "skipped": 0,
           *                 "percent_delivered": 96.3,
           *                 "percent_clicked": 3.7,
           *                 "percent_open": 44.44,
           *                 "percent_subscription": 3.7,
           *                 "percent_bounce": 3.7,
           *                 "percent_complaint": 3.7,
           *                 "percent_open_of_delivered": 46.15,
           *                 "percent_clicked_of_delivered": 3.85
           *               },
           *               "conversion": {
           *                 "recipients": 27,
           *                 "conversions": 1,
           *                 "conversion_rate": 3.7,
           *                 "revenue": 8.85,
           *                 "revenue_per_recipient": 0.33,
           *                 "uplift": {
           *                   "difference": 3.7,
           *                   "ci_low": -18.04,
           *                   "ci_high": 18.28,
           *                   "method": "newcombe",
           *                   "significant": false
           *                 }
           *               }
           *             }
           *           ],
           *           "timeline": [
           *             {
           *               "date": "2026-11-25",
           *               "group_number": 1,
           *               "delivered": 37,
           *               "opened": 17,
           *               "clicked": 4
           *             },
           *             {
           *               "date": "2026-11-25",
           *               "group_number": 2,
           *               "delivered": 26,
           *               "opened": 12,
           *               "clicked": 1
           *             }
           *           ]
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["DeliveryReport"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCampaigningStudioSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "required_approvals": 1,
           *       "large_audience_size": null,
           *       "large_audience_required_approvals": null,
           *       "frequency_cap_messages": 3,
           *       "frequency_cap_days": 7,
           *       "soft_bounce_limit": 3,
           *       "attribution_window_days": 7
           *     }
           */
          "application/json": components["schemas"]["CampaignSettingsOutput"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putCampaigningStudioSettings: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "required_approvals": 1,
         *       "large_audience_size": null,
         *       "large_audience_required_approvals": null,
         *       "frequency_cap_messages": 3,
         *       "frequency_cap_days": 7,
         *       "soft_bounce_limit": 3,
         *       "attribution_window_days": 7
         *     }
         */
        "application/json": components["schemas"]["CampaignSettings"];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "required_approvals": 1,
           *       "large_audience_size": null,
           *       "large_audience_required_approvals": null,
           *       "frequency_cap_messages": 3,
           *       "frequency_cap_days": 7,
           *       "soft_bounce_limit": 3,
           *       "attribution_window_days": 5
           *     }
           */
          "application/json": components["schemas"]["CampaignSettingsOutput"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCampaigningStudioSuppressions: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        channel?: "email" | "sms" | "viber";
        /** @description The address, compared normalised */
        address?: string;
        customer_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "suppressions": [
           *         {
           *           "suppression_id": "suppression-id-913e0c1cbc3b4a238e1b89babbed1d09",
           *           "channel": "sms",
           *           "address": "+420796000001",
           *           "customer_id": "sc-ib-1",
           *           "reason": "hard_bounce",
           *           "source": "twilio",
           *           "note": "send send-id-07de24a3e0ab4ee8872194d6e844d180: 30005 twilio failed",
           *           "date_created": "2026-11-25T14:03:48"
           *         },
           *         {
           *           "suppression_id": "suppression-id-cb396067d78b4b2488dd7eb84e894a5b",
           *           "channel": "viber",
           *           "address": "+420796000001",
           *           "customer_id": "sc-ib-1",
           *           "reason": "hard_bounce",
           *           "source": "infobip",
           *           "note": "send send-id-07de24a3e0ab4ee8872194d6e844d180: 1 infobip UNDELIVERABLE/UNDELIVERABLE_NOT_DELIVERED: UNDELIVERABLE_NOT_DELIVERED (test); EC_UNKNOWN_SUBSCRIBER; The number does not exist or is not assigned to an active subscriber.",
           *           "date_created": "2026-11-25T14:03:48"
           *         }
           *       ],
           *       "count": 2
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            suppressions: components["schemas"]["Suppression"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCampaigningStudioSuppressions: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "channel": "email",
         *       "address": "zbyslava.hrdonova@example.net",
         *       "note": "asked to stop"
         *     }
         */
        "application/json": components["schemas"]["SuppressionInput"];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "suppression_id": "suppression-id-c371097b016848528cb2ef963e98caf1",
           *       "channel": "email",
           *       "address": "zbyslava.hrdonova@example.net",
           *       "customer_id": null,
           *       "reason": "manual",
           *       "source": "api:marketer@example.com",
           *       "note": "asked to stop",
           *       "date_created": "2026-11-25T14:05:44"
           *     }
           */
          "application/json": components["schemas"]["Suppression"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `unknown_reference` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteCampaigningStudioSuppressionsSuppressionId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        suppression_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "detail": "Suppression suppression-id-c371097b016848528cb2ef963e98caf1 removed."
           *     }
           */
          "application/json": {
            detail: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCampaigningStudioTemplates: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        /** @description Part of the name */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "templates": [
           *         {
           *           "template_id": "template-id-3d5d418d23af4e78a5c89a981880c8b4",
           *           "name": "Spring",
           *           "author": "marketer@example.com",
           *           "date_created": "2026-11-25T14:04:00",
           *           "date_modified": "2026-11-25T14:04:00"
           *         }
           *       ],
           *       "count": 1
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            templates: components["schemas"]["TemplateSummary"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCampaigningStudioTemplates: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Spring mail",
         *       "html": "<!doctype html>\n<html><head><title>Spring</title></head>\n<body>\n  <h1>Hi {ph_customer.vocative_name}</h1>\n  <p>Our pick for you: {ph_product_1.name}.</p>\n  <p><a href=\"https://shop.example/spring?from=mail&amp;x=1\">See the spring sale</a></p>\n</body>\n</html>"
         *     }
         */
        "application/json": components["schemas"]["TemplateInput"];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "template_id": "template-id-49d043c4d8ff45c380bea8efd22958c4",
           *       "name": "Spring mail",
           *       "author": "marketer@example.com",
           *       "date_created": "2026-11-25T14:04:01",
           *       "date_modified": "2026-11-25T14:04:01",
           *       "html": "<!doctype html>\n<html><head><title>Spring</title></head>\n<body>\n  <h1>Hi {ph_customer.vocative_name}</h1>\n  <p>Our pick for you: {ph_product_1.name}.</p>\n  <p><a href=\"https://shop.example/spring?from=mail&amp;x=1\">See the spring sale</a></p>\n</body>\n</html>"
           *     }
           */
          "application/json": components["schemas"]["Template"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCampaigningStudioTemplatesTemplateId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        template_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "template_id": "template-id-3d5d418d23af4e78a5c89a981880c8b4",
           *       "name": "Spring 2",
           *       "author": "marketer@example.com",
           *       "date_created": "2026-11-25T14:04:00",
           *       "date_modified": "2026-11-25T14:04:00",
           *       "html": "<p>Hello {ph_customer.last_name}</p>"
           *     }
           */
          "application/json": components["schemas"]["Template"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putCampaigningStudioTemplatesTemplateId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        template_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Holds template",
         *       "html": "<html><body><p>New {ph_customer.first_name}</p></body></html>"
         *     }
         */
        "application/json": components["schemas"]["TemplateInput"];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "template_id": "template-id-6069e65f1d374b529646727fe6d98b0a",
           *       "name": "Holds template",
           *       "author": "marketer@example.com",
           *       "date_created": "2026-11-25T14:04:09",
           *       "date_modified": "2026-11-25T14:04:09",
           *       "html": "<html><body><p>New {ph_customer.first_name}</p></body></html>"
           *     }
           */
          "application/json": components["schemas"]["Template"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `in_use` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteCampaigningStudioTemplatesTemplateId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        template_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "detail": "E-mail template template-id-6069e65f1d374b529646727fe6d98b0a was deleted."
           *     }
           */
          "application/json": {
            detail: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `in_use`, `referenced` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCustomerStudioAudiences: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        /** @description Part of the name */
        search?: string;
        status?: "draft" | "created";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "audiences": [
           *         {
           *           "audience_id": "audience-id-e27e88c2ff4245a7b52b1398a9d79b1a",
           *           "audience_name": "UK heart or red buyers",
           *           "author": "marketer@example.com",
           *           "status": "created",
           *           "is_dynamic": false,
           *           "audience_type": "customers",
           *           "recommendations_export": {
           *             "export_type": "recommender",
           *             "recommendations_type": "default",
           *             "number_of_recommendations": 3
           *           },
           *           "filters": [
           *             {
           *               "values": [
           *                 {
           *                   "filter_name": "country",
           *                   "filter_type": "IN",
           *                   "filter_order": 0,
           *                   "filter_entity": "customer",
           *                   "filter_values": [
           *                     "United Kingdom"
           *                   ],
           *                   "filter_value_connector": "AND",
           *                   "count_before": 2889,
           *                   "count_now": 2613,
           *                   "filtered_percentage": "90.45"
           *                 }
           *               ],
           *               "filter_group": "demographics",
           *               "filter_group_order": 0,
           *               "next_group_connector": "AND"
           *             },
           *             {
           *               "values": [
           *                 {
           *                   "filter_name": "purchased",
           *                   "filter_type": "IN",
           *                   "period_days": 30,
           *                   "filter_order": 0,
           *                   "filter_entity": "product_id",
           *                   "filter_values": [
           *                     "85123A"
           *                   ],
           *                   "filter_value_connector": "OR",
           *                   "count_before": 2613,
           *                   "count_now": 145,
           *                   "filtered_percentage": "5.55"
           *                 },
           *                 {
           *                   "filter_name": "purchased",
           *                   "filter_type": "IN",
           *                   "period_days": 60,
           *                   "filter_order": 1,
           *                   "filter_entity": "attribute",
           *                   "filter_values": [
           *                     "attribute_color=red"
           *                   ],
           *                   "filter_value_connector": "AND",
           *                   "count_before": 145,
           *                   "count_now": 1456,
           *                   "filtered_percentage": "1004.14"
           *                 }
           *               ],
           *               "filter_group": "product-focused-filters",
           *               "filter_group_order": 1,
           *               "next_group_connector": "AND"
           *             }
           *           ],
           *           "is_uploaded": false,
           *           "is_ready": true,
           *           "audience_size": 1456,
           *           "date_created": "2026-11-25T14:04:54",
           *           "date_modified": "2026-11-25T14:04:54"
           *         }
           *       ],
           *       "count": 1
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            audiences: components["schemas"]["Audience"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putCustomerStudioAudiences: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "audience_id": "audience-id-a738ec4b418044af8fd2460ece649b6d",
         *       "audience_name": "Paris, any consent",
         *       "filters": [
         *         {
         *           "filter_group": "demographics",
         *           "filter_group_order": 0,
         *           "next_group_connector": "AND",
         *           "values": [
         *             {
         *               "filter_name": "city",
         *               "filter_type": "IN",
         *               "filter_order": 0,
         *               "filter_values": [
         *                 "PARIS"
         *               ]
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        "application/json": components["schemas"]["AudienceUpdate"];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "audience_id": "audience-id-a738ec4b418044af8fd2460ece649b6d",
           *       "audience_name": "Paris, any consent",
           *       "author": "marketer@example.com",
           *       "status": "draft",
           *       "is_dynamic": false,
           *       "audience_type": "customers",
           *       "recommendations_export": {
           *         "export_type": "recommender",
           *         "recommendations_type": "default",
           *         "number_of_recommendations": 10
           *       },
           *       "filters": [
           *         {
           *           "values": [
           *             {
           *               "filter_name": "city",
           *               "filter_type": "IN",
           *               "filter_order": 0,
           *               "filter_entity": "customer",
           *               "filter_values": [
           *                 "PARIS"
           *               ],
           *               "filter_value_connector": "AND",
           *               "count_before": 2892,
           *               "count_now": 2,
           *               "filtered_percentage": "0.07"
           *             }
           *           ],
           *           "filter_group": "demographics",
           *           "filter_group_order": 0,
           *           "next_group_connector": "AND"
           *         }
           *       ],
           *       "is_uploaded": false,
           *       "is_ready": true,
           *       "audience_size": 2,
           *       "date_created": "2026-11-25T14:04:55",
           *       "date_modified": "2026-11-25T14:04:55"
           *     }
           */
          "application/json": components["schemas"]["Audience"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `in_use`, `not_draft` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCustomerStudioAudiences: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "audience_name": "UK heart or red buyers",
         *       "status": "created",
         *       "is_dynamic": false,
         *       "recommendations_export": {
         *         "export_type": "recommender",
         *         "recommendations_type": "default",
         *         "number_of_recommendations": 3
         *       },
         *       "filters": [
         *         {
         *           "filter_group": "demographics",
         *           "filter_group_order": 0,
         *           "next_group_connector": "AND",
         *           "values": [
         *             {
         *               "filter_name": "country",
         *               "filter_entity": "customer",
         *               "filter_type": "IN",
         *               "filter_order": 0,
         *               "filter_values": [
         *                 "United Kingdom"
         *               ]
         *             }
         *           ]
         *         },
         *         {
         *           "filter_group": "product-focused-filters",
         *           "filter_group_order": 1,
         *           "next_group_connector": "AND",
         *           "values": [
         *             {
         *               "filter_name": "purchased",
         *               "filter_entity": "product_id",
         *               "filter_type": "IN",
         *               "filter_order": 0,
         *               "filter_value_connector": "OR",
         *               "filter_values": [
         *                 "85123A"
         *               ],
         *               "period_days": 30
         *             },
         *             {
         *               "filter_name": "purchased",
         *               "filter_entity": "attribute",
         *               "filter_type": "IN",
         *               "filter_order": 1,
         *               "filter_values": [
         *                 "attribute_color=red"
         *               ],
         *               "period_days": 60
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        "application/json": components["schemas"]["AudienceInput"];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "audience_id": "audience-id-e27e88c2ff4245a7b52b1398a9d79b1a",
           *       "audience_name": "UK heart or red buyers",
           *       "author": "marketer@example.com",
           *       "status": "created",
           *       "is_dynamic": false,
           *       "audience_type": "customers",
           *       "recommendations_export": {
           *         "export_type": "recommender",
           *         "recommendations_type": "default",
           *         "number_of_recommendations": 3
           *       },
           *       "filters": [
           *         {
           *           "values": [
           *             {
           *               "filter_name": "country",
           *               "filter_type": "IN",
           *               "filter_order": 0,
           *               "filter_entity": "customer",
           *               "filter_values": [
           *                 "United Kingdom"
           *               ],
           *               "filter_value_connector": "AND",
           *               "count_before": 2889,
           *               "count_now": 2613,
           *               "filtered_percentage": "90.45"
           *             }
           *           ],
           *           "filter_group": "demographics",
           *           "filter_group_order": 0,
           *           "next_group_connector": "AND"
           *         },
           *         {
           *           "values": [
           *             {
           *               "filter_name": "purchased",
           *               "filter_type": "IN",
           *               "period_days": 30,
           *               "filter_order": 0,
           *               "filter_entity": "product_id",
           *               "filter_values": [
           *                 "85123A"
           *               ],
           *               "filter_value_connector": "OR",
           *               "count_before": 2613,
           *               "count_now": 145,
           *               "filtered_percentage": "5.55"
           *             },
           *             {
           *               "filter_name": "purchased",
           *               "filter_type": "IN",
           *               "period_days": 60,
           *               "filter_order": 1,
           *               "filter_entity": "attribute",
           *               "filter_values": [
           *                 "attribute_color=red"
           *               ],
           *               "filter_value_connector": "AND",
           *               "count_before": 145,
           *               "count_now": 1456,
           *               "filtered_percentage": "1004.14"
           *             }
           *           ],
           *           "filter_group": "product-focused-filters",
           *           "filter_group_order": 1,
           *           "next_group_connector": "AND"
           *         }
           *       ],
           *       "is_uploaded": false,
           *       "is_ready": true,
           *       "audience_size": 1456,
           *       "date_created": "2026-11-25T14:04:54",
           *       "date_modified": "2026-11-25T14:04:54"
           *     }
           */
          "application/json": components["schemas"]["Audience"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCustomerStudioAudiencesAudienceId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        audience_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "audience_id": "audience-id-a738ec4b418044af8fd2460ece649b6d",
           *       "audience_name": "Paris, any consent",
           *       "author": "marketer@example.com",
           *       "status": "draft",
           *       "is_dynamic": false,
           *       "audience_type": "customers",
           *       "recommendations_export": {
           *         "export_type": "recommender",
           *         "recommendations_type": "default",
           *         "number_of_recommendations": 10
           *       },
           *       "filters": [
           *         {
           *           "values": [
           *             {
           *               "filter_name": "city",
           *               "filter_type": "IN",
           *               "filter_order": 0,
           *               "filter_entity": "customer",
           *               "filter_values": [
           *                 "PARIS"
           *               ],
           *               "filter_value_connector": "AND",
           *               "count_before": 2892,
           *               "count_now": 2,
           *               "filtered_percentage": "0.07"
           *             }
           *           ],
           *           "filter_group": "demographics",
           *           "filter_group_order": 0,
           *           "next_group_connector": "AND"
           *         }
           *       ],
           *       "is_uploaded": false,
           *       "is_ready": true,
           *       "audience_size": 2,
           *       "date_created": "2026-11-25T14:04:55",
           *       "date_modified": "2026-11-25T14:04:55"
           *     }
           */
          "application/json": components["schemas"]["Audience"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteCustomerStudioAudiencesAudienceId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        audience_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "message": "Audience audience-id-a738ec4b418044af8fd2460ece649b6d deleted."
           *     }
           */
          "application/json": {
            message: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `in_use` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCustomerStudioAudiencesAudienceIdCustomers: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
      };
      header?: never;
      path: {
        audience_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "customers": [
           *         {
           *           "customer_id": "au-1",
           *           "first_name": "",
           *           "last_name": "",
           *           "phone_number": null,
           *           "email": null,
           *           "gender": "",
           *           "age": 25,
           *           "city": "Paris",
           *           "segment_id": "au-seg",
           *           "segment_name": "AU",
           *           "clv_value": 0,
           *           "product_1": "23843",
           *           "product_2": "23084",
           *           "product_3": "22197",
           *           "product_4": "22086",
           *           "product_5": "20668",
           *           "product_6": "22578",
           *           "product_7": "84879",
           *           "product_8": "22577",
           *           "product_9": "84077",
           *           "product_10": "22910"
           *         },
           *         {
           *           "customer_id": "au-2",
           *           "first_name": "",
           *           "last_name": "",
           *           "phone_number": null,
           *           "email": null,
           *           "gender": "",
           *           "age": 35,
           *           "city": "paris",
           *           "segment_id": "au-seg",
           *           "segment_name": "AU",
           *           "clv_value": 0,
           *           "product_1": "23843",
           *           "product_2": "23084",
           *           "product_3": "22197",
           *           "product_4": "22086",
           *           "product_5": "20668",
           *           "product_6": "22578",
           *           "product_7": "84879",
           *           "product_8": "22577",
           *           "product_9": "84077",
           *           "product_10": "22910"
           *         }
           *       ],
           *       "count": 2
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            customers: components["schemas"]["CustomerRow"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCustomerStudioAudiencesAudienceIdExport: {
    parameters: {
      query: {
        /** @description csv (UTF-8, RFC 4180, with a header) or xlsx */
        file_extension: "csv" | "xlsx";
        /** @description true: every customer field and the recommended products' names and prices as well */
        extended?: "0" | "1" | "true" | "false" | "yes" | "no";
      };
      header?: never;
      path: {
        audience_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "message": "The CSV file of SDK segment is being prepared; a download link that works for 6 minutes will be sent to marketer@example.com.",
           *       "export": {
           *         "export_id": "export-id-fe9088dc5507476fb321fd8dd669507b",
           *         "audience_id": "audience-id-939bb5f595274c6187f898c82431e3a8",
           *         "audience_name": "SDK segment",
           *         "file_extension": "csv",
           *         "extended": false,
           *         "recipient_email": "marketer@example.com",
           *         "status": "queued",
           *         "rows_total": 0,
           *         "rows_done": 0,
           *         "file_bytes": 0,
           *         "error": "",
           *         "link_expires_at": null,
           *         "date_created": "2026-11-25T14:14:41",
           *         "date_finished": null
           *       }
           *     }
           */
          "application/json": {
            message: string;
            export: components["schemas"]["Export"];
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `no_email`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCustomerStudioAudiencesAudienceIdExports: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
      };
      header?: never;
      path: {
        audience_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "exports": [
           *         {
           *           "export_id": "export-id-2bd850f02dc44c31b0da0b665f560619",
           *           "audience_id": "audience-id-3ed7b3cd6bc14fa5af3815b9988408f3",
           *           "audience_name": "Soon gone",
           *           "file_extension": "csv",
           *           "extended": false,
           *           "recipient_email": "marketer@example.com",
           *           "status": "failed",
           *           "rows_total": 0,
           *           "rows_done": 0,
           *           "file_bytes": 0,
           *           "error": "No audience or segment has id audience-id-3ed7b3cd6bc14fa5af3815b9988408f3.",
           *           "link_expires_at": null,
           *           "date_created": "2026-11-25T14:04:35",
           *           "date_finished": "2026-11-25T14:04:35"
           *         }
           *       ],
           *       "count": 1
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            exports: components["schemas"]["Export"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCustomerStudioAudiencesAudienceIdRecalculate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        audience_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "audience_id": "audience-id-d139136c3caf4c95bfb3acd5a712ddac",
           *       "audience_name": "Paris true",
           *       "author": "marketer@example.com",
           *       "status": "created",
           *       "is_dynamic": true,
           *       "audience_type": "customers",
           *       "recommendations_export": {
           *         "export_type": "recommender",
           *         "recommendations_type": "default",
           *         "number_of_recommendations": 10
           *       },
           *       "filters": [
           *         {
           *           "values": [
           *             {
           *               "filter_name": "city",
           *               "filter_type": "IN",
           *               "filter_order": 0,
           *               "filter_entity": "customer",
           *               "filter_values": [
           *                 "PARIS"
           *               ],
           *               "filter_value_connector": "AND",
           *               "count_before": 2892,
           *               "count_now": 2,
           *               "filtered_percentage": "0.07"
           *             },
           *             {
           *               "filter_name": "sms_consent",
           *               "filter_type": "IN",
           *               "filter_order": 1,
           *               "filter_entity": "customer",
           *               "filter_values": [
           *                 "True"
           *               ],
           *               "filter_value_connector": "AND",
           *               "count_before": 2,
           *               "count_now": 2,
           *               "filtered_percentage": "100.00"
           *             }
           *           ],
           *           "filter_group": "demographics",
           *           "filter_group_order": 0,
           *           "next_group_connector": "AND"
           *         }
           *       ],
           *       "is_uploaded": false,
           *       "is_ready": true,
           *       "audience_size": 2,
           *       "date_created": "2026-11-25T14:04:55",
           *       "date_modified": "2026-11-25T14:04:55"
           *     }
           */
          "application/json": components["schemas"]["Audience"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `static_audience` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postCustomerStudioAudiencesEstimate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "filters": [
         *         {
         *           "filter_group": "demographics",
         *           "filter_group_order": 0,
         *           "next_group_connector": "OR",
         *           "values": [
         *             {
         *               "filter_entity": "customer",
         *               "filter_name": "city",
         *               "filter_type": "IN",
         *               "filter_order": 0,
         *               "filter_value_connector": "OR",
         *               "filter_values": [
         *                 "paris"
         *               ]
         *             },
         *             {
         *               "filter_entity": "customer",
         *               "filter_name": "age",
         *               "filter_type": "LT",
         *               "filter_order": 1,
         *               "filter_value_connector": "AND",
         *               "filter_values": 25
         *             }
         *           ]
         *         },
         *         {
         *           "filter_group": "more",
         *           "filter_group_order": 1,
         *           "next_group_connector": "AND",
         *           "values": [
         *             {
         *               "filter_entity": "customer",
         *               "filter_name": "country",
         *               "filter_type": "IN",
         *               "filter_order": 0,
         *               "filter_value_connector": "AND",
         *               "filter_values": [
         *                 "Norway"
         *               ]
         *             },
         *             {
         *               "filter_entity": "customer",
         *               "filter_name": "age",
         *               "filter_type": "GT",
         *               "filter_order": 1,
         *               "filter_value_connector": "OR",
         *               "filter_values": 50
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        "application/json": {
          filters: components["schemas"]["FilterGroupInput"][];
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "total_customers": 40,
           *       "audience_size": 25,
           *       "filters": [
           *         {
           *           "filter_group": "demographics",
           *           "filter_group_order": 0,
           *           "next_group_connector": "OR",
           *           "values": [
           *             {
           *               "filter_name": "city",
           *               "filter_entity": "customer",
           *               "filter_type": "IN",
           *               "filter_order": 0,
           *               "filter_value_connector": "OR",
           *               "filter_values": [
           *                 "paris"
           *               ],
           *               "count_before": 40,
           *               "count_now": 10,
           *               "filtered_percentage": "25.00"
           *             },
           *             {
           *               "filter_name": "age",
           *               "filter_entity": "customer",
           *               "filter_type": "LT",
           *               "filter_order": 1,
           *               "filter_value_connector": "AND",
           *               "filter_values": 25,
           *               "count_before": 10,
           *               "count_now": 15,
           *               "filtered_percentage": "150.00"
           *             }
           *           ]
           *         },
           *         {
           *           "filter_group": "more",
           *           "filter_group_order": 1,
           *           "next_group_connector": "AND",
           *           "values": [
           *             {
           *               "filter_name": "country",
           *               "filter_entity": "customer",
           *               "filter_type": "IN",
           *               "filter_order": 0,
           *               "filter_value_connector": "AND",
           *               "filter_values": [
           *                 "Norway"
           *               ],
           *               "count_before": 3,
           *               "count_now": 27,
           *               "filtered_percentage": "900.00"
           *             },
           *             {
           *               "filter_name": "age",
           *               "filter_entity": "customer",
           *               "filter_type": "GT",
           *               "filter_order": 1,
           *               "filter_value_connector": "OR",
           *               "filter_values": 50,
           *               "count_before": 27,
           *               "count_now": 7,
           *               "filtered_percentage": "25.93"
           *             }
           *           ]
           *         }
           *       ]
           *     }
           */
          "application/json": {
            total_customers: number;
            audience_size: number;
            filters: components["schemas"]["FilterGroup"][];
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCustomerStudioAudiencesFilterOptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "total_customers": 2155,
           *       "segments": {
           *         "options": [
           *           {
           *             "segment_id": "all_customers",
           *             "segment_name": "All customers",
           *             "size": 2155
           *           },
           *           {
           *             "segment_id": "seg-c",
           *             "segment_name": "Segment C",
           *             "size": 420
           *           }
           *         ],
           *         "truncated": false
           *       },
           *       "cities": {
           *         "options": [
           *           {
           *             "value": "LONDON",
           *             "count": 730
           *           },
           *           {
           *             "value": "Leeds",
           *             "count": 515
           *           }
           *         ],
           *         "truncated": true
           *       },
           *       "countries": {
           *         "options": [
           *           {
           *             "value": "United Kingdom",
           *             "count": 1483
           *           },
           *           {
           *             "value": "Germany",
           *             "count": 47
           *           }
           *         ],
           *         "truncated": false
           *       },
           *       "genders": {
           *         "options": [
           *           {
           *             "value": "Male",
           *             "count": 1099
           *           },
           *           {
           *             "value": "female",
           *             "count": 551
           *           }
           *         ],
           *         "truncated": false
           *       },
           *       "ranges": {
           *         "age": {
           *           "min": 17,
           *           "max": 99
           *         },
           *         "customer-lifetime-value": {
           *           "min": 0,
           *           "max": 168469.6
           *         },
           *         "purchases-180-days": {
           *           "min": 0,
           *           "max": 46
           *         },
           *         "days-since-last-purchase": {
           *           "min": 5.051766469907407,
           *           "max": 35.03301646990741
           *         }
           *       },
           *       "categories": {
           *         "options": [
           *           {
           *             "value": "Home",
           *             "count": 2
           *           },
           *           {
           *             "value": "Candles",
           *             "count": 1
           *           }
           *         ],
           *         "truncated": false
           *       },
           *       "attributes": {
           *         "options": [
           *           {
           *             "value": "attribute_color=red",
           *             "count": 167
           *           },
           *           {
           *             "value": "attribute_brand=acme",
           *             "count": 2
           *           }
           *         ],
           *         "truncated": false
           *       }
           *     }
           */
          "application/json": {
            total_customers: number;
            /** @description all_customers first, then by size */
            segments: {
              options: {
                segment_id: string;
                segment_name: string;
                size: number;
              }[];
              /** @description true when the data holds more than the 500 listed */
              truncated: boolean;
            };
            /** @description Customers per city (case-insensitive, as the filter compares) */
            cities: {
              options: {
                value: string;
                count: number;
              }[];
              /** @description true when the data holds more than the 500 listed */
              truncated: boolean;
            };
            countries: {
              options: {
                value: string;
                count: number;
              }[];
              /** @description true when the data holds more than the 500 listed */
              truncated: boolean;
            };
            genders: {
              options: {
                value: string;
                count: number;
              }[];
              /** @description true when the data holds more than the 500 listed */
              truncated: boolean;
            };
            ranges: {
              /** @description The data's min and max of the filter's value (null when no customer has one) */
              age: {
                min: number;
                max: number;
              } | null;
              /** @description The data's min and max of the filter's value (null when no customer has one) */
              "customer-lifetime-value": {
                min: number;
                max: number;
              } | null;
              /** @description The data's min and max of the filter's value (null when no customer has one) */
              "purchases-180-days": {
                min: number;
                max: number;
              } | null;
              /** @description The data's min and max of the filter's value (null when no customer has one) */
              "days-since-last-purchase": {
                min: number;
                max: number;
              } | null;
            };
            /** @description Category names (any level) with their number of items */
            categories: {
              options: {
                value: string;
                count: number;
              }[];
              /** @description true when the data holds more than the 500 listed */
              truncated: boolean;
            };
            /** @description attribute_<name>=<value> pairs with their number of items */
            attributes: {
              options: {
                value: string;
                count: number;
              }[];
              /** @description true when the data holds more than the 500 listed */
              truncated: boolean;
            };
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCustomerStudioExportsExportId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        export_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "export_id": "export-id-1eeeaca732214edd832aefea06d2925d",
           *       "audience_id": "all_customers",
           *       "audience_name": "All customers",
           *       "file_extension": "csv",
           *       "extended": true,
           *       "recipient_email": "marketer@example.com",
           *       "status": "expired",
           *       "rows_total": 1650,
           *       "rows_done": 1650,
           *       "file_bytes": 815875,
           *       "error": "",
           *       "link_expires_at": "2026-11-25T14:10:34",
           *       "date_created": "2026-11-25T14:04:34",
           *       "date_finished": "2026-11-25T14:04:34"
           *     }
           */
          "application/json": components["schemas"]["Export"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getCustomerStudioExportsExportIdDownload: {
    parameters: {
      query: {
        /** @description From the link */
        expires: number;
        /** @description From the link */
        signature: string;
      };
      header?: never;
      path: {
        export_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example customer_id,first_name,last_name,phone_number,email,gender,age,city,segment_id,segment_name,clv_value,product_1,product_2,product_3,product_4,product_5,product_6,product_7,product_8,product_9,product_10
           *     ex-synthetic-1,Ada,Example,,,,,Brno,,,0,,,,,,,,,,
           *     ex-synthetic-2,Ben,Example,,,,,Praha,,,0,,,,,,,,,,
           */
          "text/csv": string;
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
        };
      };
      303: components["responses"]["SeeOther"];
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `not_ready` */
      409: components["responses"]["Conflict"];
      /** @description Gone. Codes here: `link_expired` */
      410: components["responses"]["Gone"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getDataCustomers: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        /** @description The start of the id, or part of the name or e-mail */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "customers": [
           *         {
           *           "customer_id": "sp-2",
           *           "first_name": "Sp2",
           *           "last_name": "",
           *           "email": "Sp-2@Example.test",
           *           "phone_number": "+447911123102",
           *           "city": "",
           *           "country": "",
           *           "segment_id": "sp-seg",
           *           "purchases_180d": 0,
           *           "last_purchase_at": null,
           *           "is_synthetic": true,
           *           "email_consent": false,
           *           "sms_consent": true,
           *           "viber_consent": false,
           *           "suppressions": [
           *             {
           *               "channel": "email",
           *               "reason": "unsubscribe",
           *               "date_created": "2026-11-25T14:04:40"
           *             }
           *           ]
           *         }
           *       ],
           *       "count": 1
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            customers: {
              customer_id: string;
              first_name: string;
              last_name: string;
              email: string | null;
              /** @description E.164 (intake normalises it) */
              phone_number: string | null;
              city: string;
              country: string;
              segment_id: string;
              purchases_180d: number;
              last_purchase_at: string | null;
              is_synthetic: boolean;
              /** @description Effective consent: the feed's email_consent and the e-mail address not suppressed */
              email_consent: boolean;
              /** @description Effective consent: the feed's sms_consent and the phone number not suppressed for SMS */
              sms_consent: boolean;
              /** @description Effective consent: the feed's viber_consent and the phone number not suppressed for Viber */
              viber_consent: boolean;
              /** @description Why a consent is false although the feed gave it: the suppressions of the customer's addresses */
              suppressions: {
                /** @enum {string} */
                channel: "email" | "sms" | "viber";
                reason: string;
                date_created: string;
              }[];
            }[];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postDataCustomers: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "customers": [
         *         {
         *           "customer_id": "pp-c3",
         *           "first_name": "éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé",
         *           "city": "￿￾",
         *           "age": null,
         *           "email": "ann@example.com",
         *           "segment_id": "gold",
         *           "cookie_ids": []
         *         },
         *         {
         *           "customer_id": " pp-c1 ",
         *           "first_name": "éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé",
         *           "city": "",
         *           "age": null,
         *           "email": null,
         *           "segment_id": "gold",
         *           "email_consent": true,
         *           "cookie_ids": [
         *             "pp-k1"
         *           ]
         *         }
         *       ]
         *     }
         */
        "application/json": {
          customers: components["schemas"]["CustomerInput"][];
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "received": 5,
           *       "upserted": 5,
           *       "errors": [
           *         {
           *           "index": 1,
           *           "detail": "phone_number: not a valid phone number; the customer was kept without one (\"0710 000-001\")"
           *         },
           *         {
           *           "index": 4,
           *           "detail": "phone_number: not a valid phone number; the customer was kept without one (\"12\")"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["IntakeResult"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout`, `service_unavailable` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getDataDiscounts: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        leaflet_id?: string;
        /** @description Part of the id or name */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "discounts": [
           *         {
           *           "discount_id": "d-1",
           *           "discount_name": "",
           *           "leaflet_id": "l-1",
           *           "item_ids": [
           *             "up-1"
           *           ],
           *           "discount_percent": 20,
           *           "valid_from": "2026-01-01T00:00:00",
           *           "valid_to": "2026-02-01T00:00:00",
           *           "is_valid_now": false
           *         }
           *       ],
           *       "count": 1
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            discounts: {
              discount_id: string;
              discount_name: string;
              leaflet_id: string;
              item_ids: string[];
              discount_percent: number;
              valid_from: string | null;
              valid_to: string | null;
              is_valid_now: boolean;
            }[];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postDataDiscounts: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "discounts": [
         *         {
         *           "discount_id": "pp-d1",
         *           "discount_name": "éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé",
         *           "leaflet_id": "pp-l",
         *           "item_ids": [],
         *           "discount_percent": 6.6277095828462506e-74,
         *           "valid_from": null,
         *           "valid_to": "9999-12-31T23:59:59"
         *         },
         *         {
         *           "discount_id": "pp-d2",
         *           "discount_name": "é",
         *           "leaflet_id": "pp-l",
         *           "item_ids": [
         *             "pp-i😀",
         *             " pp-i1 "
         *           ],
         *           "discount_percent": 100,
         *           "valid_from": null,
         *           "valid_to": null
         *         }
         *       ]
         *     }
         */
        "application/json": {
          discounts: components["schemas"]["DiscountInput"][];
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "received": 6,
           *       "upserted": 1,
           *       "errors": [
           *         {
           *           "index": 0,
           *           "detail": "discount_name: must not contain NUL characters; item_ids.0: must not contain unpaired UTF-16 surrogates"
           *         },
           *         {
           *           "index": 1,
           *           "detail": "discount_name: must not contain unpaired UTF-16 surrogates"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["IntakeResult"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout`, `service_unavailable` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postDataEvents: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "events": [
         *         {
         *           "event_type": "purchase",
         *           "item_id": "pp-i2",
         *           "quantity": 1,
         *           "timestamp": "2026-01-01T10:00:00Z",
         *           "term": "򔷘😀😀",
         *           "cookie_id": "pp-k1"
         *         },
         *         {
         *           "event_id": " pp-e1 ",
         *           "event_type": "add_to_cart",
         *           "order_id": "pp-o1",
         *           "quantity": 1,
         *           "price": 5e-324,
         *           "timestamp": "1969-12-31T23:59:59",
         *           "term": "éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé",
         *           "cookie_id": "pp-k1"
         *         }
         *       ]
         *     }
         */
        "application/json": {
          events: components["schemas"]["EventInput"][];
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "received": 5,
           *       "upserted": 2,
           *       "errors": [
           *         {
           *           "index": 0,
           *           "detail": "event_id: required; term: must not contain NUL characters; item_id: item_id is required for add_to_cart events"
           *         },
           *         {
           *           "index": 1,
           *           "detail": "customer_id: customer_id or cookie_id is required; item_id: item_id is required for purchase events"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["IntakeResult"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout`, `service_unavailable` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getDataItems: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        /** @description Comma-separated item ids (at most 200): those items, in this order, unknown ones left out */
        item_ids?: string;
        /** @description Part of the item's name or id */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "items": [
           *         {
           *           "item_id": "bag-1",
           *           "item_name": "Jumbo bag red",
           *           "main_image": "",
           *           "product_price": 2.1,
           *           "is_active": true,
           *           "stock": null
           *         },
           *         {
           *           "item_id": "mug-1",
           *           "item_name": "White heart mug",
           *           "main_image": "https://img.example/m1.jpg",
           *           "product_price": 4.5,
           *           "is_active": true,
           *           "stock": null
           *         }
           *       ],
           *       "count": 2
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            items: {
              item_id: string;
              item_name: string;
              main_image: string;
              product_price: number;
              is_active: boolean;
              stock: number | null;
            }[];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postDataItems: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "items": [
         *         {
         *           "item_id": "pp-i1",
         *           "item_name": "񗖎😀😀😀😀𾔾𛏍😀😀",
         *           "alternative_id": null,
         *           "stock": 826820277,
         *           "is_active": true,
         *           "images": [
         *             "򱂌😀😀😀񔧱󳿞",
         *             "😀򭅆😀😀𥋇󹯆😀"
         *           ],
         *           "attributes": [
         *             {
         *               "attribute_name": "attribute_color",
         *               "attribute_value": true
         *             },
         *             {
         *               "attribute_name": "attribute_color",
         *               "attribute_value": "😀ᰢ😀򯠕😀񿰎"
         *             }
         *           ],
         *           "categories": [
         *             {
         *               "category_level": "category_level_4",
         *               "category_name": "򓢎😀򥲪􇘦😀"
         *             },
         *             {
         *               "category_level": "category_level_4",
         *               "category_name": "éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"
         *             }
         *           ],
         *           "custom": [
         *             [
         *               1.368741652091649e-253,
         *               null
         *             ]
         *           ],
         *           "additional_item_data": {}
         *         },
         *         {
         *           "item_id": "pp-i1",
         *           "item_name": "éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé",
         *           "product_price": 1.21151926730773e-180,
         *           "date_added": "9999-12-31T23:59:59",
         *           "attributes": [
         *             {
         *               "attribute_name": "attribute_size",
         *               "attribute_value": true
         *             },
         *             {
         *               "attribute_name": "attribute_size",
         *               "attribute_value": "񡼿😀󝄴𬣄"
         *             }
         *           ],
         *           "categories": [],
         *           "additional_item_data": {
         *             "": null,
         *             "😀🏌𰾚😀😀😀𸇙񒁱😀😀": null
         *           }
         *         }
         *       ]
         *     }
         */
        "application/json": {
          items: components["schemas"]["ItemInput"][];
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "received": 5,
           *       "upserted": 2,
           *       "errors": [
           *         {
           *           "index": 1,
           *           "detail": "item_name: Invalid input: expected string, received object; additional_item_data.k\\udc00: key must not contain unpaired UTF-16 surrogates"
           *         },
           *         {
           *           "index": 2,
           *           "detail": "is_active: Invalid input: expected boolean, received number; date_added: must not be before the year 1000; categories.0.category_level: Invalid option: expected one of \"category_level_0\"|\"category_level_1\"|\"category_level_2\"|\"category_level_3\"|\"category_level_4\"; custom.1.\\u0000: key must not contain NUL characters"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["IntakeResult"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout`, `service_unavailable` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getDataOverview: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "items": 0,
           *       "active_items": 0,
           *       "customers": 0,
           *       "events": 0,
           *       "segments": 1,
           *       "discounts": 0,
           *       "last_imports": [],
           *       "demo": null
           *     }
           */
          "application/json": {
            items: number;
            active_items: number;
            customers: number;
            events: number;
            /** @description Distinct segments, all_customers included */
            segments: number;
            discounts: number;
            last_imports: {
              id: string;
              kind: string;
              source: string;
              actor: string;
              received: number;
              upserted: number;
              rejected: number;
              errors: {
                index: number;
                detail: string;
              }[];
              date_started: string;
              date_finished: string | null;
            }[];
            demo: {
              /** @enum {string} */
              state: "loading" | "done" | "failed";
              phase: string;
              done: number;
              total: number;
              source: string;
              message?: string;
            } | null;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getDataSegments: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 100,
           *       "segments": [
           *         {
           *           "segment_id": "all_customers",
           *           "segment_name": "All customers",
           *           "customer_count": 2
           *         },
           *         {
           *           "segment_id": "gold",
           *           "segment_name": "Gold",
           *           "customer_count": 2
           *         }
           *       ],
           *       "count": 2
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            segments: components["schemas"]["Segment"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getMessagingOutbox: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        channel?: "sms" | "email" | "viber";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "messages": [
           *         {
           *           "message_id": "message-id-ca7bf680a547428db8ff3011397e4dc6",
           *           "channel": "email",
           *           "provider": "smtp",
           *           "recipient": "marketer@example.com",
           *           "subject": "Your export of \"All customers\" is ready",
           *           "body": "The CSV file of All customers (1650 customers) is ready:\n\nhttp://localhost:3000/api/latest/customer-studio/exports/export-id-13a8218eef9047a7af6c3091002fef0c/download?expires=1795615830107&signature=0todz0FkJXU6PV7Y1XT9VKAZUi40gdqCrmHzneNn_6c\n\nThe link works for 6 minutes, until 2026-11-25 14:10:30 (UTC), for you (or a super user) signed in to Lumen.",
           *           "status": "sent",
           *           "context": {
           *             "kind": "audience_export",
           *             "link": "http://localhost:3000/api/latest/customer-studio/exports/export-id-13a8218eef9047a7af6c3091002fef0c/download?expires=1795615830107&signature=0todz0FkJXU6PV7Y1XT9VKAZUi40gdqCrmHzneNn_6c",
           *             "status": "done",
           *             "export_id": "export-id-13a8218eef9047a7af6c3091002fef0c",
           *             "smtp_message_id": "<message-id-ca7bf680a547428db8ff3011397e4dc6@lumen.local>"
           *           },
           *           "date_created": "2026-11-25T14:04:30"
           *         }
           *       ],
           *       "count": 1
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            messages: {
              message_id: string;
              channel: string;
              provider: string;
              recipient: string;
              subject: string;
              body: string;
              status: string;
              context: {
                [key: string]: unknown;
              };
              date_created: string;
            }[];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getOpenapiJson: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of an earlier answer: 304 while the document is the same */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description The document's version: send it as If-None-Match to get 304 while it is the same */
          ETag: string;
          /** @description public, max-age=300, must-revalidate */
          "Cache-Control": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "openapi": "3.1.0",
           *       "info": {
           *         "title": "Lumen API",
           *         "version": "latest",
           *         "license": {
           *           "name": "Proprietary: all rights reserved",
           *           "identifier": "LicenseRef-Proprietary"
           *         },
           *         "description": "Personalization, campaign and audience service. All paths start with /api/latest.\n\nConventions on every route: errors are `{detail, code, errors?}`; lists take `offset` (default 0) and `limit` (default 10, capped at 100) and answer `{offset, limit, <items>, count}` with count the total; ids are `<kind>-id-<32 hex>`; timestamps are local date-times `YYYY-MM-DDTHH:MM:SS` in the service's time zone (UTC). Every response carries X-Request-Id. Bodies must be sent as application/json (415 otherwise); 1 MB limit, 10 MB on /data intake routes (413). POST, PUT and DELETE take an optional Idempotency-Key header (Stripe's semantics, kept 24 hours per caller)."
           *       },
           *       "servers": [
           *         {
           *           "url": "/api/latest",
           *           "description": "This instance (PUBLIC_URL is not set)"
           *         }
           *       ]
           *     }
           */
          "application/json": {
            [key: string]: unknown;
          };
        };
      };
      304: components["responses"]["NotModified"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getOpenapiYaml: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of an earlier answer: 304 while the document is the same */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description The document's version: send it as If-None-Match to get 304 while it is the same */
          ETag: string;
          /** @description public, max-age=300, must-revalidate */
          "Cache-Control": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example openapi: 3.1.0
           *     info:
           *       title: Lumen API
           *       version: latest
           *       license:
           *         name: "Proprietary: all rights reserved"
           *         identifier: LicenseRef-Proprietary
           *       description: >-
           */
          "application/yaml": string;
        };
      };
      304: components["responses"]["NotModified"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getSettingsApiClients: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "api_clients": [
           *         {
           *           "id": "client-id-264f553525b9469d822fe36ac19c5f3a",
           *           "name": "Demo store (widgets)",
           *           "role": "user",
           *           "client_id": "lumen_32742732b014e12485c41960",
           *           "scopes": [
           *             "content"
           *           ],
           *           "allowed_origins": [
           *             "http://localhost:3000"
           *           ],
           *           "publishable_key": "pk_example",
           *           "created_by": "system:demo-store",
           *           "date_created": "2026-11-25T14:05:16",
           *           "date_revoked": "2026-11-25T14:05:16",
           *           "last_used": null
           *         },
           *         {
           *           "id": "client-id-e346e7a2b5fc419fbdabad2ef3e1a8be",
           *           "name": "Demo store (widgets)",
           *           "role": "user",
           *           "client_id": "lumen_58f9b9c133c68e91698a7310",
           *           "scopes": [
           *             "content"
           *           ],
           *           "allowed_origins": [
           *             "http://localhost:3000"
           *           ],
           *           "publishable_key": "pk_example",
           *           "created_by": "system:demo-store",
           *           "date_created": "2026-11-25T14:05:16",
           *           "date_revoked": "2026-11-25T14:05:16",
           *           "last_used": null
           *         }
           *       ]
           *     }
           */
          "application/json": {
            api_clients: components["schemas"]["ApiClient"][];
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postSettingsApiClients: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Tracked shop",
         *       "scopes": [
         *         "content"
         *       ],
         *       "allowed_origins": [
         *         "https://shop.example"
         *       ]
         *     }
         */
        "application/json": components["schemas"]["ApiClientInput"];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "client-id-e64253aa287d491e9c602d52a4da725d",
           *       "name": "Tracked shop",
           *       "role": "user",
           *       "client_id": "lumen_b53d8c70b662edb348ae2167",
           *       "scopes": [
           *         "content"
           *       ],
           *       "allowed_origins": [
           *         "https://shop.example"
           *       ],
           *       "publishable_key": "pk_example",
           *       "created_by": "super@example.com",
           *       "date_created": "2026-11-25T14:03:44",
           *       "date_revoked": null,
           *       "last_used": null,
           *       "client_secret": "example-secret-value"
           *     }
           */
          "application/json": {
            id: string;
            name: string;
            /**
             * @description user (marketer), advanced, or super
             * @enum {string}
             */
            role: "user" | "advanced" | "super";
            client_id: string;
            scopes: ("content" | "data:write" | "studio")[];
            /** @description Publishable clients: the browser origins their key answers */
            allowed_origins: string[];
            /** @description Publishable clients only (scopes exactly ["content"]): the browser key, pk_ and 43 random characters; not a secret */
            publishable_key: string | null;
            created_by: string;
            date_created: string;
            date_revoked: string | null;
            last_used: string | null;
            client_secret: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Too Many Requests. Codes here: `rate_limited` */
      429: components["responses"]["TooManyRequests"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteSettingsApiClientsClientId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        client_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "detail": "API client lumen_5ad1041a098f37275247fcac (Shop back office) is revoked; its tokens no longer work."
           *     }
           */
          "application/json": {
            detail: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getSettingsAuditLog: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        /** @description Exactly this actor (e-mail or client_id; case-insensitive) */
        actor?: string;
        /** @description An action (campaign.approve), or every action of an object type with a trailing ".*" (campaign.*) */
        action?: string;
        /** @description Any id of the object: for a campaign, any of its groups' campaign_id */
        object_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 1,
           *       "limit": 2,
           *       "entries": [
           *         {
           *           "audit_id": "audit-id-176c42dec8da4ce69913acff7a8adf63",
           *           "actor": "marketer@example.com",
           *           "actor_role": "user",
           *           "action": "campaign.create",
           *           "object_type": "campaign",
           *           "object_id": "20261125_cn_audit_delete_cl_lumen_ap_50_ag_1",
           *           "request_id": "13077efe-c143-4e9e-a090-b4432a6871f5",
           *           "summary": "fields: campaign_name, audiences, audiences_type, channel_type, is_abc, sender, is_draft, is_approved, recurring, campaign_details; state: none -> Not approved, 0/1 approvals",
           *           "date_created": "2026-11-25T14:05:24"
           *         },
           *         {
           *           "audit_id": "audit-id-b1d83a3298ea456f8c9de902c8c7bca8",
           *           "actor": "advanced@example.com",
           *           "actor_role": "advanced",
           *           "action": "campaign.approve",
           *           "object_type": "campaign",
           *           "object_id": "20261125_cn_audit_approve_cl_lumen_ap_50_ag_2",
           *           "request_id": "audit-approve-1",
           *           "summary": "state: Not approved, 0/1 approvals -> Approved, 1/1 approvals",
           *           "date_created": "2026-11-25T14:05:24"
           *         }
           *       ],
           *       "count": 4
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            entries: components["schemas"]["AuditEntry"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getSettingsUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "users": [
           *         {
           *           "id": "user-id-7fa216112aef484198df8463c2f4263a",
           *           "email": "advanced@example.com",
           *           "name": "Demo Advanced User",
           *           "role": "advanced",
           *           "is_disabled": false,
           *           "must_change_password": false,
           *           "date_created": "2026-11-25T14:07:21"
           *         },
           *         {
           *           "id": "user-id-2b854df170ab47188d455704a202cad2",
           *           "email": "marketer@example.com",
           *           "name": "Demo Marketer",
           *           "role": "user",
           *           "is_disabled": false,
           *           "must_change_password": false,
           *           "date_created": "2026-11-25T14:07:21"
           *         }
           *       ]
           *     }
           */
          "application/json": {
            users: components["schemas"]["User"][];
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postSettingsUsers: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "must-change-1795615736398@example.com",
         *       "password": "example-secret-value",
         *       "role": "advanced"
         *     }
         */
        "application/json": components["schemas"]["UserInput"];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "user-id-68e54a5966fd42dd92e07f50e575a0bc",
           *       "email": "must-change-1795615736398@example.com",
           *       "name": "",
           *       "role": "advanced",
           *       "is_disabled": false,
           *       "must_change_password": false,
           *       "date_created": "2026-11-25T14:08:58"
           *     }
           */
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `already_exists`, `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Too Many Requests. Codes here: `rate_limited` */
      429: components["responses"]["TooManyRequests"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putSettingsUsersUserId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        user_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "is_disabled": false
         *     }
         */
        "application/json": {
          /**
           * @description user (marketer), advanced, or super
           * @enum {string}
           */
          role?: "user" | "advanced" | "super";
          is_disabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "user-id-8c27b6fcd9544adaba0bd382fdeb77ac",
           *       "email": "audit-role-1795615525607@example.com",
           *       "name": "",
           *       "role": "advanced",
           *       "is_disabled": false,
           *       "must_change_password": false,
           *       "date_created": "2026-11-25T14:05:25"
           *     }
           */
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `self_demotion` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putSettingsUsersUserIdPassword: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        user_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "new_password": "example-secret-value"
         *     }
         */
        "application/json": {
          new_password: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "user-id-68e54a5966fd42dd92e07f50e575a0bc",
           *       "email": "must-change-1795615736398@example.com",
           *       "name": "",
           *       "role": "advanced",
           *       "is_disabled": false,
           *       "must_change_password": true,
           *       "date_created": "2026-11-25T14:08:58"
           *     }
           */
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `self_reset` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Too Many Requests. Codes here: `rate_limited` */
      429: components["responses"]["TooManyRequests"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putSettingsUsersMePassword: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "current_password": "example-secret-value",
         *       "new_password": "example-secret-value"
         *     }
         */
        "application/json": {
          current_password: string;
          new_password: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "user-id-68e54a5966fd42dd92e07f50e575a0bc",
           *       "email": "must-change-1795615736398@example.com",
           *       "name": "",
           *       "role": "advanced",
           *       "is_disabled": false,
           *       "must_change_password": false,
           *       "date_created": "2026-11-25T14:08:58"
           *     }
           */
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Too Many Requests. Codes here: `rate_limited` */
      429: components["responses"]["TooManyRequests"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getSystemBackgroundWork: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "tasks": [
           *         {
           *           "kind": "demo_load",
           *           "label": "Loading the demo shop (events)",
           *           "done": 400,
           *           "total": 1000,
           *           "percent": 40
           *         },
           *         {
           *           "kind": "model_build",
           *           "label": "Building recommendation models (related)",
           *           "done": 3,
           *           "total": 10,
           *           "percent": 30
           *         }
           *       ]
           *     }
           */
          "application/json": {
            tasks: {
              /** @enum {string} */
              kind: "demo_load" | "model_build" | "calculation" | "export" | "send";
              /** @description What runs, in words for the studio */
              label: string;
              /** @description Units done, when the work counts them */
              done: number | null;
              total: number | null;
              percent: number | null;
            }[];
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioModels: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "builds": [],
           *       "count": 0
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            builds: components["schemas"]["ModelBuild"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postTouchpointStudioModels: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description Success */
      202: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "queued": true,
           *       "building": null
           *     }
           */
          "application/json": {
            /** @constant */
            queued: true;
            building: components["schemas"]["ModelBuild"] | null;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioPromotionsSmsConfig: {
    parameters: {
      query: {
        touchpoint_id: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "promotion_id": "promotion-id-0147591d69864704aeed5ac16e121545",
           *       "touchpoint_id": "touchpoint-id-87275a0bd2e8494dadb2982655e954e1",
           *       "author": "advanced@example.com",
           *       "promotion_base_url": "https://shop.example.com/wheel",
           *       "config": [
           *         {
           *           "message_type": "promotion-message",
           *           "message_template": "Spin the spring wheel: {link}"
           *         },
           *         {
           *           "message_type": "successful-attempt",
           *           "message_template": "You won {promotion_long_name}: {link}"
           *         }
           *       ],
           *       "date_created": "2026-11-25T14:18:00",
           *       "date_modified": "2026-11-25T14:18:00"
           *     }
           */
          "application/json": components["schemas"]["PromotionConfig"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postTouchpointStudioPromotionsSmsConfig: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "touchpoint_id": "touchpoint-id-6a75778361c64baf91ab76d602d7a19b",
         *       "author": "tests",
         *       "promotion_base_url": "https://shop.example.com/wheel",
         *       "config": [
         *         {
         *           "message_type": "promotion-message",
         *           "message_template": "Spin {promotion_long_name}: {link}"
         *         },
         *         {
         *           "message_type": "successful-attempt",
         *           "message_template": "You won {promotion_long_name}: {link}"
         *         }
         *       ]
         *     }
         */
        "application/json":
          | components["schemas"]["PromotionConfigInput"]
          | {
              /** @default  */
              customer_id?: string;
              touchpoint_id: string;
              /** @default  */
              concept_id?: string;
              phone_number: string;
            };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "promotion_id": "promotion-id-5a7892be78ef429cadd6c2fc733ff515",
           *       "touchpoint_id": "touchpoint-id-6a75778361c64baf91ab76d602d7a19b",
           *       "author": "marketer@example.com",
           *       "promotion_base_url": "https://shop.example.com/wheel",
           *       "config": [
           *         {
           *           "message_type": "promotion-message",
           *           "message_template": "Spin {promotion_long_name}: {link}"
           *         },
           *         {
           *           "message_type": "successful-attempt",
           *           "message_template": "You won {promotion_long_name}: {link}"
           *         }
           *       ],
           *       "date_created": "2026-11-25T14:03:38",
           *       "date_modified": "2026-11-25T14:03:38"
           *     }
           */
          "application/json":
            | components["schemas"]["PromotionConfig"]
            | {
                detail: string;
              };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `not_ready`, `promotion_not_configured`, `unknown_touchpoint`, `wrong_touchpoint_type` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioRulesPositions: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        /** @description Part of the name */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "positions": [
           *         {
           *           "position_id": "position-id-138f74c1f1f4437e9ebc57b715a72ea3",
           *           "position_name": "Product page: similar items",
           *           "position_description": "Strip under the product detail, items like the one shown",
           *           "date_created": "2026-11-25T14:03:11",
           *           "date_modified": "2026-11-25T14:03:11"
           *         },
           *         {
           *           "position_id": "position-id-1a3e890562ed40969b12fa1cd70abf24",
           *           "position_name": "Cart cross-sell",
           *           "position_description": "Suggestions in the shopping cart, bought together with its items",
           *           "date_created": "2026-11-25T14:03:11",
           *           "date_modified": "2026-11-25T14:03:11"
           *         }
           *       ],
           *       "count": 5
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            positions: components["schemas"]["Position"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postTouchpointStudioRulesPositions: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "position_name": "Checkout",
         *       "position_description": "After payment"
         *     }
         */
        "application/json": components["schemas"]["PositionInput"];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "position_id": "position-id-a05acb27c56d4e76b9421c41f1e15b46",
           *       "position_name": "Authored wheel position",
           *       "position_description": "",
           *       "date_created": "2026-11-25T14:08:11",
           *       "date_modified": "2026-11-25T14:08:11"
           *     }
           */
          "application/json": components["schemas"]["Position"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putTouchpointStudioRulesPositionsPositionId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        position_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "position_name": "Footer strip",
         *       "position_description": "x"
         *     }
         */
        "application/json": components["schemas"]["PositionInput"];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "position_id": "position-id-43ebacf0bf3f4ea8b40f2e6da369f456",
           *       "position_name": "Footer strip",
           *       "position_description": "x",
           *       "date_created": "2026-11-25T14:03:25",
           *       "date_modified": "2026-11-25T14:03:25"
           *     }
           */
          "application/json": components["schemas"]["Position"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteTouchpointStudioRulesPositionsPositionId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        position_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "detail": "Position position-id-1468ebbea4f64f5f9f57948412f5a199 was deleted."
           *     }
           */
          "application/json": {
            detail: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `in_use` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioRulesStrategies: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        /** @description Part of the name */
        search?: string;
        strategy_type?: "smart-recommender" | "smart-search" | "wheel-of-fortune";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "strategies": [],
           *       "count": 0
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            strategies: components["schemas"]["Strategy"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postTouchpointStudioRulesStrategies: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "strategy_name": "Wheel at spin time",
         *       "strategy_type": "wheel-of-fortune",
         *       "strategy_subtype": "wheel-of-fortune",
         *       "product_hierarchy_level_id": "discount-leaflet",
         *       "segments": [
         *         "all_customers"
         *       ],
         *       "rules": [
         *         {
         *           "rule_type": "discount-leaflet",
         *           "positions": [
         *             0
         *           ],
         *           "values": [
         *             {
         *               "column_name": "discount_id",
         *               "comparator": "=",
         *               "value": "wh-live"
         *             }
         *           ]
         *         },
         *         {
         *           "rule_type": "discount-leaflet",
         *           "positions": [
         *             1
         *           ],
         *           "values": [
         *             {
         *               "column_name": "discount_id",
         *               "comparator": "=",
         *               "value": "wh-ending"
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        "application/json": components["schemas"]["StrategyInput"];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "strategy_id": "strategy-id-4eb5bc3b5cc149f1945061799b0fe29a",
           *       "strategy_name": "Wheel at spin time",
           *       "strategy_type": "wheel-of-fortune",
           *       "strategy_subtype": "wheel-of-fortune",
           *       "strategy_goal": "",
           *       "author": "advanced@example.com",
           *       "is_draft": true,
           *       "is_active": false,
           *       "is_general_filter": false,
           *       "is_default": false,
           *       "segments": [
           *         "all_customers"
           *       ],
           *       "product_hierarchy_level_id": "discount-leaflet",
           *       "product_hierarchy_level_value": "",
           *       "rules": [
           *         {
           *           "values": [
           *             {
           *               "value": "wh-live",
           *               "comparator": "=",
           *               "column_name": "discount_id"
           *             }
           *           ],
           *           "positions": [
           *             0
           *           ],
           *           "rule_type": "discount-leaflet"
           *         },
           *         {
           *           "values": [
           *             {
           *               "value": "wh-ending",
           *               "comparator": "=",
           *               "column_name": "discount_id"
           *             }
           *           ],
           *           "positions": [
           *             1
           *           ],
           *           "rule_type": "discount-leaflet"
           *         }
           *       ],
           *       "segment_count": 0,
           *       "is_ready": true,
           *       "date_created": "2026-11-25T14:05:59",
           *       "date_modified": "2026-11-25T14:05:59"
           *     }
           */
          "application/json": components["schemas"]["Strategy"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `unknown_discount`, `unknown_segment` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioRulesStrategiesStrategyId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        strategy_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "strategy_id": "strategy-id-35fbb543c0454331b1432f93a81b4717",
           *       "strategy_name": "Spring wheel",
           *       "strategy_type": "wheel-of-fortune",
           *       "strategy_subtype": "wheel-of-fortune",
           *       "strategy_goal": "",
           *       "author": "advanced@example.com",
           *       "is_draft": true,
           *       "is_active": false,
           *       "is_general_filter": false,
           *       "is_default": false,
           *       "segments": [
           *         "all_customers"
           *       ],
           *       "product_hierarchy_level_id": "discount-leaflet",
           *       "product_hierarchy_level_value": "",
           *       "rules": [
           *         {
           *           "values": [
           *             {
           *               "value": "ex-20",
           *               "comparator": "=",
           *               "column_name": "discount_id"
           *             }
           *           ],
           *           "positions": [
           *             0
           *           ],
           *           "rule_type": "discount-leaflet"
           *         }
           *       ],
           *       "segment_count": 0,
           *       "is_ready": true,
           *       "date_created": "2026-11-25T14:17:58",
           *       "date_modified": "2026-11-25T14:17:58"
           *     }
           */
          "application/json": components["schemas"]["Strategy"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putTouchpointStudioRulesStrategiesStrategyId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        strategy_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "strategy_name": "Failing, edited",
         *       "strategy_type": "smart-recommender",
         *       "strategy_subtype": "carousel",
         *       "strategy_goal": "",
         *       "author": "advanced@example.com",
         *       "is_draft": true,
         *       "is_active": false,
         *       "is_general_filter": false,
         *       "is_default": false,
         *       "segments": [
         *         "all_customers"
         *       ],
         *       "product_hierarchy_level_id": "",
         *       "product_hierarchy_level_value": "",
         *       "rules": [
         *         {
         *           "values": [],
         *           "positions": [
         *             0,
         *             1
         *           ],
         *           "rule_type": "best-sellers"
         *         }
         *       ]
         *     }
         */
        "application/json": components["schemas"]["StrategyInput"];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "strategy_id": "strategy-id-20526a536d504b1da87dbe3151c04a38",
           *       "strategy_name": "Authored strategy 2",
           *       "strategy_type": "smart-recommender",
           *       "strategy_subtype": "carousel",
           *       "strategy_goal": "",
           *       "author": "marketer@example.com",
           *       "is_draft": true,
           *       "is_active": false,
           *       "is_general_filter": false,
           *       "is_default": false,
           *       "segments": [
           *         "all_customers"
           *       ],
           *       "product_hierarchy_level_id": "",
           *       "product_hierarchy_level_value": "",
           *       "rules": [
           *         {
           *           "values": [],
           *           "positions": [
           *             0,
           *             1
           *           ],
           *           "rule_type": "best-sellers"
           *         }
           *       ],
           *       "segment_count": 0,
           *       "is_ready": true,
           *       "date_created": "2026-11-25T14:08:10",
           *       "date_modified": "2026-11-25T14:08:10"
           *     }
           */
          "application/json": components["schemas"]["Strategy"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `in_use`, `not_ready`, `slots_out_of_range`, `unknown_discount`, `unknown_segment` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteTouchpointStudioRulesStrategiesStrategyId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        strategy_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "detail": "Strategy strategy-id-74b2f088d8704dfd9c4e6c8a8bf0e39a was deleted."
           *     }
           */
          "application/json": {
            detail: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `in_use` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioRulesTouchpoints: {
    parameters: {
      query?: {
        /** @description Items to skip (default 0). */
        offset?: number;
        /** @description Page size: default 10, at most 100 (larger values are capped to 100). */
        limit?: number;
        /** @description Part of the name */
        search?: string;
        touchpoint_type?: "smart-recommender" | "smart-search" | "wheel-of-fortune";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "offset": 0,
           *       "limit": 10,
           *       "touchpoints": [],
           *       "count": 0
           *     }
           */
          "application/json": {
            offset: number;
            limit: number;
            touchpoints: components["schemas"]["Touchpoint"][];
            /** @description Total number of matching records. */
            count: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postTouchpointStudioRulesTouchpoints: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "touchpoint_name": "References",
         *       "touchpoint_type": "smart-recommender",
         *       "position": "position-id-0a976b43b71141a49d5db246686b04e3",
         *       "default_strategy": "strategy-id-ea80631fdd16468b9c1a135219f8ac82",
         *       "strategies": [
         *         "strategy-id-74b2f088d8704dfd9c4e6c8a8bf0e39a",
         *         "strategy-id-8cb6072e2aab46388888525f84930e0f"
         *       ],
         *       "number_of_positions": 2
         *     }
         */
        "application/json": components["schemas"]["TouchpointInput"];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "touchpoint_id": "touchpoint-id-87255173e16847df9c22b705d714f957",
           *       "touchpoint_name": "References",
           *       "touchpoint_type": "smart-recommender",
           *       "touchpoint_subtype": "carousel",
           *       "author": "advanced@example.com",
           *       "channel": "",
           *       "position": "position-id-0a976b43b71141a49d5db246686b04e3",
           *       "default_strategy": "strategy-id-ea80631fdd16468b9c1a135219f8ac82",
           *       "strategies": [
           *         "strategy-id-74b2f088d8704dfd9c4e6c8a8bf0e39a",
           *         "strategy-id-8cb6072e2aab46388888525f84930e0f"
           *       ],
           *       "number_of_positions": 2,
           *       "is_draft": true,
           *       "is_active": false,
           *       "is_ready": false,
           *       "is_calculating": false,
           *       "is_using_fallback": false,
           *       "calculation_error": null,
           *       "date_created": "2026-11-25T14:05:51",
           *       "date_modified": "2026-11-25T14:05:51"
           *     }
           */
          "application/json": components["schemas"]["Touchpoint"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `slots_out_of_range`, `strategy_type_mismatch`, `unknown_position`, `unknown_reference`, `unknown_strategy` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioRulesTouchpointsTouchpointId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        touchpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "touchpoint_id": "touchpoint-id-df476b6d49ee403ea3dd839f724a7644",
           *       "touchpoint_name": "Failing",
           *       "touchpoint_type": "smart-recommender",
           *       "touchpoint_subtype": "carousel",
           *       "author": "advanced@example.com",
           *       "channel": "",
           *       "position": "position-id-69f5a9437d16486c9422db703adcc205",
           *       "default_strategy": "strategy-id-cf558d70e2c1443a9cfac976cf18b65b",
           *       "strategies": [],
           *       "number_of_positions": 1,
           *       "is_draft": false,
           *       "is_active": true,
           *       "is_ready": true,
           *       "is_calculating": false,
           *       "is_using_fallback": true,
           *       "calculation_error": "The calculation did not finish: its job failed, expired or was lost (for example when the worker stopped). Save the touchpoint to retry it.",
           *       "date_created": "2026-11-25T14:07:43",
           *       "date_modified": "2026-11-25T14:07:43"
           *     }
           */
          "application/json": components["schemas"]["Touchpoint"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putTouchpointStudioRulesTouchpointsTouchpointId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        touchpoint_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "touchpoint_name": "References",
         *       "touchpoint_type": "smart-recommender",
         *       "touchpoint_subtype": "carousel",
         *       "author": "advanced@example.com",
         *       "channel": "",
         *       "position": "position-id-0a976b43b71141a49d5db246686b04e3",
         *       "default_strategy": "strategy-id-ea80631fdd16468b9c1a135219f8ac82",
         *       "strategies": [
         *         "strategy-id-8cb6072e2aab46388888525f84930e0f",
         *         "strategy-id-74b2f088d8704dfd9c4e6c8a8bf0e39a"
         *       ],
         *       "number_of_positions": 2,
         *       "is_draft": true,
         *       "is_active": false
         *     }
         */
        "application/json": components["schemas"]["TouchpointInput"];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "touchpoint_id": "touchpoint-id-87255173e16847df9c22b705d714f957",
           *       "touchpoint_name": "References",
           *       "touchpoint_type": "smart-recommender",
           *       "touchpoint_subtype": "carousel",
           *       "author": "advanced@example.com",
           *       "channel": "",
           *       "position": "position-id-0a976b43b71141a49d5db246686b04e3",
           *       "default_strategy": "strategy-id-ea80631fdd16468b9c1a135219f8ac82",
           *       "strategies": [
           *         "strategy-id-8cb6072e2aab46388888525f84930e0f",
           *         "strategy-id-74b2f088d8704dfd9c4e6c8a8bf0e39a"
           *       ],
           *       "number_of_positions": 2,
           *       "is_draft": true,
           *       "is_active": false,
           *       "is_ready": false,
           *       "is_calculating": false,
           *       "is_using_fallback": false,
           *       "calculation_error": null,
           *       "date_created": "2026-11-25T14:05:51",
           *       "date_modified": "2026-11-25T14:05:51"
           *     }
           */
          "application/json": components["schemas"]["Touchpoint"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress`, `slots_out_of_range`, `strategy_type_mismatch`, `type_change`, `unknown_position`, `unknown_reference`, `unknown_strategy` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  deleteTouchpointStudioRulesTouchpointsTouchpointId: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path: {
        touchpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "detail": "Touchpoint touchpoint-id-87255173e16847df9c22b705d714f957 was deleted."
           *     }
           */
          "application/json": {
            detail: string;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioSearchReport: {
    parameters: {
      query?: {
        /** @description The last N days (default 30) when from is not given */
        days?: number;
        /** @description Start (local date-time; a date alone is midnight), inclusive */
        from?: components["schemas"]["TimestampInput"];
        /** @description End, exclusive (default now) */
        to?: components["schemas"]["TimestampInput"];
        /** @description Only this touchpoint's searches */
        touchpoint_id?: string;
        /** @description Terms per list (default 20) */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "from": "2026-10-26T14:03:45",
           *       "to": "2026-11-25T14:03:45",
           *       "touchpoint_id": null,
           *       "searches": 27,
           *       "distinct_terms": 25,
           *       "no_result_searches": 4,
           *       "no_result_rate": 14.81,
           *       "top_searches": [
           *         {
           *           "term": "garden bench",
           *           "searches": 2,
           *           "average_results": 1,
           *           "clicks": 1,
           *           "last_searched": "2026-11-25T14:03:45"
           *         },
           *         {
           *           "term": "table",
           *           "searches": 2,
           *           "average_results": 3.5,
           *           "clicks": 0,
           *           "last_searched": "2026-11-25T14:03:39"
           *         }
           *       ],
           *       "no_results": [
           *         {
           *           "term": "couch",
           *           "searches": 1,
           *           "last_searched": "2026-11-25T14:03:41"
           *         },
           *         {
           *           "term": "ottoman",
           *           "searches": 1,
           *           "last_searched": "2026-11-25T14:03:41"
           *         }
           *       ]
           *     }
           */
          "application/json": {
            /** @description Start of the period (local date-time, inclusive) */
            from: string;
            /** @description End of the period (local date-time, exclusive) */
            to: string;
            /** @description Only this touchpoint's searches, or null for all */
            touchpoint_id: string | null;
            /** @description Searches asked in the period */
            searches: number;
            distinct_terms: number;
            /** @description Searches that found nothing */
            no_result_searches: number;
            /** @description Percent of searches that found nothing */
            no_result_rate: number;
            top_searches: {
              term: string;
              searches: number;
              average_results: number;
              /** @description Click events with this term in the period (of this touchpoint when filtered) */
              clicks: number;
              last_searched: string;
            }[];
            no_results: {
              term: string;
              searches: number;
              last_searched: string;
            }[];
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioSearchSynonyms: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "synonyms": [
           *         {
           *           "terms": [
           *             "couch",
           *             "sofa"
           *           ],
           *           "one_way": false
           *         },
           *         {
           *           "terms": [
           *             "ss",
           *             "stainless steel"
           *           ],
           *           "one_way": true
           *         }
           *       ],
           *       "date_modified": "2026-11-25T14:03:41"
           *     }
           */
          "application/json": {
            synonyms: {
              terms: string[];
              /**
               * @description Only the first entry finds the others
               * @default false
               */
              one_way: boolean;
            }[];
            /** @description The shop's default language (a language tag): the stop words of queries. null or absent: English. Omitted on a replace: kept as it was. */
            language?: string | null;
            /** @description When they were last replaced (null: never) */
            date_modified: string | null;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  putTouchpointStudioSearchSynonyms: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "synonyms": [
         *         {
         *           "terms": [
         *             "couch",
         *             "sofa"
         *           ]
         *         },
         *         {
         *           "terms": [
         *             "ss",
         *             "stainless steel"
         *           ],
         *           "one_way": true
         *         }
         *       ]
         *     }
         */
        "application/json": {
          synonyms: {
            terms: string[];
            /**
             * @description Only the first entry finds the others
             * @default false
             */
            one_way?: boolean;
          }[];
          /** @description The shop's default language (a language tag): the stop words of queries. null or absent: English. Omitted on a replace: kept as it was. */
          language?: string | null;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "synonyms": [
           *         {
           *           "terms": [
           *             "молоко",
           *             "milk"
           *           ],
           *           "one_way": false
           *         },
           *         {
           *           "terms": [
           *             "日本茶",
           *             "お茶"
           *           ],
           *           "one_way": false
           *         }
           *       ],
           *       "language": "sr",
           *       "date_modified": "2026-11-25T14:07:50"
           *     }
           */
          "application/json": {
            synonyms: {
              terms: string[];
              /**
               * @description Only the first entry finds the others
               * @default false
               */
              one_way: boolean;
            }[];
            /** @description The shop's default language (a language tag): the stop words of queries. null or absent: English. Omitted on a replace: kept as it was. */
            language?: string | null;
            /** @description When they were last replaced (null: never) */
            date_modified: string | null;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioTouchpointsTouchpointIdContent: {
    parameters: {
      query?: {
        /** @description smart-search only: the search text (1-200 characters) */
        term?: string;
        offset?: number;
        /** @description smart-search only: at most the strategy's limit */
        limit?: number;
        /** @description smart-recommender: the item the page shows (similar/related products are about it; it is never served itself). An identity_value that is an item id does the same. */
        product_hierarchy_level_value?: string;
        /** @description smart-search only: true for a studio preview, which is neither recorded as a search event nor counted as an impression */
        preview?: "true" | "false";
        /** @description smart-search only: whether the visitor is done typing. true: this term is a search for the search report (recorded at once; the same final term from the same visitor within 3 s is not another); false: a keystroke of a search the client will mark final, not recorded. Without it, a visitor's terms that extend or shorten one another within 3 s of each other (s, sh, sho, shoe) are one search, recorded as the longest. The storefront search bar (/widgets.js) sends false as the visitor types and true after a pause of a second or on Enter. */
        final?: "true" | "false";
      };
      header?: {
        /** @description Who the visitor is (default: default); read by recommenders and the search report */
        identity_value?: string;
        /** @description What identity_value is; inferred when absent */
        identity_type?: "customer_id" | "product_id" | "cookie_id";
      };
      path: {
        touchpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "touchpoint_id": "touchpoint-id-d08109d43798475c90c4e49dcf30e529",
           *       "touchpoint_type": "smart-recommender",
           *       "identity_type": "customer_id",
           *       "identity_value": "12607",
           *       "content": [
           *         {
           *           "position": 0,
           *           "item": {
           *             "item_id": "21672",
           *             "item_name": "White Spot Red Ceramic Drawer Knob",
           *             "alternative_id": null,
           *             "alternative_name": "",
           *             "simple_name": "",
           *             "is_active": true,
           *             "product_url": "https://shop.example.com/p/21672?ref=feed&UTM_SYSTEM=lumen&UTM_SERVICE=personalization&UTM_TPID=touchpoint-id-d08109d43798475c90c4e49dcf30e529&UTM_TPST=smart-recommender",
           *             "product_price": 1,
           *             "original_price": 0,
           *             "currency": "",
           *             "main_image": "",
           *             "images": [],
           *             "attributes": [
           *               {
           *                 "attribute_name": "attribute_color",
           *                 "attribute_value": "red"
           *               }
           *             ],
           *             "categories": [],
           *             "descriptions": []
           *           },
           *           "filled_by": {
           *             "rule_index": 0,
           *             "rule_type": "ai-community-based",
           *             "is_fallback": false,
           *             "strategy_id": "strategy-id-a378cecd6a51479fb8139b3da1ee828f",
           *             "score": 0.0083
           *           }
           *         },
           *         {
           *           "position": 1,
           *           "item": {
           *             "item_id": "23352",
           *             "item_name": "Roll Wrap 50's Red Christmas",
           *             "alternative_id": null,
           *             "alternative_name": "",
           *             "simple_name": "",
           *             "is_active": true,
           *             "product_url": "https://shop.example.com/p/23352?ref=feed&UTM_SYSTEM=lumen&UTM_SERVICE=personalization&UTM_TPID=touchpoint-id-d08109d43798475c90c4e49dcf30e529&UTM_TPST=smart-recommender",
           *             "product_price": 1,
           *             "original_price": 0,
           *             "currency": "",
           *             "main_image": "",
           *             "images": [],
           *             "attributes": [
           *               {
           *                 "attribute_name": "attribute_color",
           *                 "attribute_value": "red"
           *               }
           *             ],
           *             "categories": [],
           *             "descriptions": []
           *           },
           *           "filled_by": {
           *             "rule_index": 0,
           *             "rule_type": "ai-community-based",
           *             "is_fallback": false,
           *             "strategy_id": "strategy-id-a378cecd6a51479fb8139b3da1ee828f",
           *             "score": 0.007
           *           }
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["Content"] | components["schemas"]["SearchContent"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `broken_reference`, `not_active`, `not_ready`, `tenant_mismatch`, `wrong_touchpoint_type` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Too Many Requests. Codes here: `rate_limited` */
      429: components["responses"]["TooManyRequests"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioTouchpointsTouchpointIdPreview: {
    parameters: {
      query?: {
        identity_value?: string;
        identity_type?: "customer_id" | "product_id" | "cookie_id";
        product_hierarchy_level_value?: string;
      };
      header?: never;
      path: {
        touchpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "touchpoint_id": "touchpoint-id-9efa3461a50a400b814d247f29dd2ecf-default",
           *       "touchpoint_type": "smart-recommender",
           *       "identity_type": "product_id",
           *       "identity_value": "lk-a",
           *       "content": [
           *         {
           *           "position": 0,
           *           "item": {
           *             "item_id": "lk-b",
           *             "item_name": "Blue mug",
           *             "alternative_id": null,
           *             "alternative_name": "",
           *             "simple_name": "",
           *             "is_active": true,
           *             "product_url": "",
           *             "product_price": 6,
           *             "original_price": 0,
           *             "currency": "",
           *             "main_image": "",
           *             "images": [],
           *             "attributes": [],
           *             "categories": [
           *               {
           *                 "category_name": "Kitchen",
           *                 "category_type": "",
           *                 "category_level": "category_level_0"
           *               }
           *             ],
           *             "descriptions": []
           *           },
           *           "filled_by": {
           *             "rule_index": 0,
           *             "rule_type": "history-based-interactions",
           *             "is_fallback": true,
           *             "strategy_id": "strategy-id-03f0e44e0e3646d9b65bcb77172af735",
           *             "explanation": "history-based-interactions works from a visitor's own history and a product has none: best sellers within the rule's filters"
           *           }
           *         },
           *         {
           *           "position": 1,
           *           "item": {
           *             "item_id": "lk-e",
           *             "item_name": "Coffee beans",
           *             "alternative_id": null,
           *             "alternative_name": "",
           *             "simple_name": "",
           *             "is_active": true,
           *             "product_url": "",
           *             "product_price": 9,
           *             "original_price": 0,
           *             "currency": "",
           *             "main_image": "",
           *             "images": [],
           *             "attributes": [],
           *             "categories": [
           *               {
           *                 "category_name": "Kitchen",
           *                 "category_type": "",
           *                 "category_level": "category_level_0"
           *               }
           *             ],
           *             "descriptions": []
           *           },
           *           "filled_by": {
           *             "rule_index": 0,
           *             "rule_type": "history-based-interactions",
           *             "is_fallback": true,
           *             "strategy_id": "strategy-id-03f0e44e0e3646d9b65bcb77172af735",
           *             "explanation": "history-based-interactions works from a visitor's own history and a product has none: best sellers within the rule's filters"
           *           }
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["Content"];
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Conflict. Codes here: `broken_reference`, `not_ready`, `tenant_mismatch`, `wrong_touchpoint_type` */
      409: components["responses"]["Conflict"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  getTouchpointStudioTouchpointsTouchpointIdStats: {
    parameters: {
      query?: {
        days?: number;
      };
      header?: never;
      path: {
        touchpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "touchpoint_id": "touchpoint-id-b4a8fa07fdba433487d68a717a52a43a",
           *       "days": 30,
           *       "impressions": 2,
           *       "clicks": 1,
           *       "ctr": 50
           *     }
           */
          "application/json": {
            touchpoint_id: string;
            days: number;
            impressions: number;
            clicks: number;
            /** @description percent */
            ctr: number;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_request` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Not Found. Codes here: `not_found` */
      404: components["responses"]["NotFound"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postTrackEvents: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "cookie_id": "trk-cookie-json",
         *       "events": [
         *         {
         *           "event_type": "view",
         *           "item_id": "trk-e"
         *         }
         *       ]
         *     }
         */
        "application/json": {
          /** @description The visitor's first-party cookie (the snippet's lumen_id) */
          cookie_id: string;
          /** @description The shop's customer, once the visitor signed in (lumen.identify): the cookie's events become the customer's, and the cookie is recognised as theirs (spec 4.3 rule 5) */
          customer_id?: string;
          /**
           * Format: date-time
           * @description The browser's clock when it sent the batch: event timestamps are corrected by its offset
           */
          sent_at?: string;
          events: {
            /** @description Makes re-sending safe (the snippet sends a random id per event) */
            event_id?: string;
            /** @enum {string} */
            event_type: "view" | "add_to_cart" | "purchase" | "click" | "search";
            item_id?: string;
            quantity?: number;
            price?: number;
            /**
             * Format: date-time
             * @description When it happened, by the browser's clock; default: when it arrives
             */
            timestamp?: string;
            term?: string;
            order_id?: string;
            touchpoint_id?: string;
          }[];
        };
        /**
         * @example {
         *       "cookie_id": "trk-cookie-json",
         *       "events": [
         *         {
         *           "event_type": "view",
         *           "item_id": "trk-e"
         *         }
         *       ]
         *     }
         */
        "text/plain": {
          /** @description The visitor's first-party cookie (the snippet's lumen_id) */
          cookie_id: string;
          /** @description The shop's customer, once the visitor signed in (lumen.identify): the cookie's events become the customer's, and the cookie is recognised as theirs (spec 4.3 rule 5) */
          customer_id?: string;
          /**
           * Format: date-time
           * @description The browser's clock when it sent the batch: event timestamps are corrected by its offset
           */
          sent_at?: string;
          events: {
            /** @description Makes re-sending safe (the snippet sends a random id per event) */
            event_id?: string;
            /** @enum {string} */
            event_type: "view" | "add_to_cart" | "purchase" | "click" | "search";
            item_id?: string;
            quantity?: number;
            price?: number;
            /**
             * Format: date-time
             * @description When it happened, by the browser's clock; default: when it arrives
             */
            timestamp?: string;
            term?: string;
            order_id?: string;
            touchpoint_id?: string;
          }[];
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          /** @description Present when the answer is the one kept for this Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "received": 6,
           *       "upserted": 1,
           *       "errors": [
           *         {
           *           "index": 0,
           *           "detail": "item_id: item_id is required for view events"
           *         },
           *         {
           *           "index": 2,
           *           "detail": "event_type: Invalid option: expected one of \"view\"|\"add_to_cart\"|\"purchase\"|\"click\"|\"search\""
           *         }
           *       ],
           *       "linked": false
           *     }
           */
          "application/json": {
            received: number;
            /** @description Rows written: a record given twice in the batch counts once, an event already stored zero */
            upserted: number;
            /** @description The records not stored, by index in the batch, with the field and the reason */
            errors: {
              index: number;
              detail: string;
            }[];
            /** @description The cookie was linked to customer_id by this request */
            linked: boolean;
          };
        };
      };
      /** @description Bad Request. Codes here: `invalid_idempotency_key`, `invalid_request`, `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Unauthorized. Codes here: `invalid_key`, `invalid_token`, `not_authenticated` */
      401: components["responses"]["Unauthorized"];
      /** @description Forbidden. Codes here: `forbidden`, `insufficient_scope`, `origin_not_allowed`, `password_change_required` */
      403: components["responses"]["Forbidden"];
      /** @description Conflict. Codes here: `idempotency_in_progress` */
      409: components["responses"]["Conflict"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `idempotency_key_reused`, `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Too Many Requests. Codes here: `rate_limited` */
      429: components["responses"]["TooManyRequests"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postWebhooksInfobip: {
    parameters: {
      query: {
        send: string;
        customer: string;
        leg: "sms" | "viber";
        message: string;
        sig: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "results": [
         *         {
         *           "messageId": "cm-3832cd093899c9ff066ff3f47f3d4d5660e452d4",
         *           "status": {
         *             "groupName": "UNDELIVERABLE",
         *             "name": "UNDELIVERABLE_NOT_DELIVERED",
         *             "description": "UNDELIVERABLE_NOT_DELIVERED (test)"
         *           },
         *           "error": {
         *             "groupId": 1,
         *             "groupName": "HANDSET_ERRORS",
         *             "id": 1,
         *             "name": "EC_UNKNOWN_SUBSCRIBER",
         *             "description": "The number does not exist or is not assigned to an active subscriber.",
         *             "permanent": true
         *           }
         *         }
         *       ]
         *     }
         */
        "application/json": {
          results: {
            messageId: string;
            status: {
              groupName: string;
              /** @default  */
              name?: string;
              description?: string;
            };
            error?: {
              id?: number;
              groupId?: number;
              groupName?: string;
              name?: string;
              description?: string;
              permanent?: boolean;
            } | null;
          }[];
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "outcomes": [
           *         {
           *           "message_id": "cm-3832cd093899c9ff066ff3f47f3d4d5660e452d4",
           *           "status": "UNDELIVERABLE/UNDELIVERABLE_NOT_DELIVERED",
           *           "outcome": "recorded"
           *         }
           *       ]
           *     }
           */
          "application/json": {
            outcomes: {
              message_id: string;
              status: string;
              /** @enum {string} */
              outcome: "recorded" | "replay" | "unknown" | "ignored";
            }[];
          };
        };
      };
      /** @description Bad Request. Codes here: `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Forbidden. Codes here: `forbidden` */
      403: components["responses"]["Forbidden"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  postWebhooksTwilioStatus: {
    parameters: {
      query: {
        send: string;
        customer: string;
        leg: "sms" | "viber";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "AccountSid": "AC22222222222222222222222222222222",
         *       "MessageSid": "SM55a322754b11518f2143df17c583897e",
         *       "MessageStatus": "undelivered",
         *       "ErrorCode": "21211"
         *     }
         */
        "application/json": {
          MessageSid: string;
          MessageStatus: string;
          ErrorCode?: string;
          AccountSid?: string;
        };
        /**
         * @example {
         *       "AccountSid": "AC22222222222222222222222222222222",
         *       "MessageSid": "SM55a322754b11518f2143df17c583897e",
         *       "MessageStatus": "undelivered",
         *       "ErrorCode": "21211"
         *     }
         */
        "application/x-www-form-urlencoded": {
          MessageSid: string;
          MessageStatus: string;
          ErrorCode?: string;
          AccountSid?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "outcomes": [
           *         {
           *           "message_id": "SM55a322754b11518f2143df17c583897e",
           *           "status": "undelivered",
           *           "outcome": "recorded"
           *         }
           *       ]
           *     }
           */
          "application/json": {
            outcomes: {
              message_id: string;
              status: string;
              /** @enum {string} */
              outcome: "recorded" | "replay" | "unknown" | "ignored";
            }[];
          };
        };
      };
      /** @description Bad Request. Codes here: `malformed_json` */
      400: components["responses"]["BadRequest"];
      /** @description Forbidden. Codes here: `forbidden` */
      403: components["responses"]["Forbidden"];
      /** @description Payload Too Large. Codes here: `payload_too_large` */
      413: components["responses"]["PayloadTooLarge"];
      /** @description Unsupported Media Type. Codes here: `unsupported_media_type` */
      415: components["responses"]["UnsupportedMediaType"];
      /** @description Unprocessable Entity. Codes here: `validation_error` */
      422: components["responses"]["ValidationError"];
      /** @description Internal Server Error. Codes here: `internal_error` */
      500: components["responses"]["InternalError"];
      /** @description Service Unavailable. Codes here: `query_timeout` */
      503: components["responses"]["ServiceUnavailable"];
    };
  };
}
