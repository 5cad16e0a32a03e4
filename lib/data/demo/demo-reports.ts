/**
 * The demo's bounce and complaint as a remote mail server and a mailbox provider would send them:
 * an RFC 3464 delivery status notification and an RFC 5965 (ARF) abuse report, naming the
 * campaign message by its Message-ID. They are read by the same parser as the inbound SMTP
 * listener's (lib/messaging/inbound/parse-report.ts), so the demo's bounce and complaint take the
 * real path to the report and the suppression list. The hosts are on reserved test domains.
 */

export function demoDsn(opts: { messageId: string; recipient: string }): string {
  return [
    "From: Mail Delivery System <mailer-daemon@mx.demo.invalid>",
    "To: bounces@shop.example.com",
    "Subject: Undelivered Mail Returned to Sender (synthetic demo)",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="demo-dsn"',
    "",
    "--demo-dsn",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "Synthetic demo bounce: the mailbox does not exist.",
    "",
    "--demo-dsn",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.demo.invalid",
    "",
    `Final-Recipient: rfc822; ${opts.recipient}`,
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 user unknown (synthetic demo)",
    "",
    "--demo-dsn",
    "Content-Type: text/rfc822-headers",
    "",
    `Message-ID: <${opts.messageId}@shop.example.com>`,
    "",
    "--demo-dsn--",
    "",
  ].join("\r\n");
}

export function demoArf(opts: { messageId: string; recipient: string }): string {
  return [
    "From: feedback-loop@isp.demo.invalid",
    "To: fbl@shop.example.com",
    "Subject: Abuse report (synthetic demo)",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=feedback-report; boundary="demo-arf"',
    "",
    "--demo-arf",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "Synthetic demo complaint: the recipient marked the message as spam.",
    "",
    "--demo-arf",
    "Content-Type: message/feedback-report",
    "",
    "Feedback-Type: abuse",
    "User-Agent: LumenDemoFBL/1.0",
    "Version: 1",
    `Original-Rcpt-To: ${opts.recipient}`,
    "",
    "--demo-arf",
    "Content-Type: message/rfc822",
    "",
    `To: ${opts.recipient}`,
    `Message-ID: <${opts.messageId}@shop.example.com>`,
    "Subject: Demo campaign",
    "",
    "(body omitted)",
    "",
    "--demo-arf--",
    "",
  ].join("\r\n");
}
