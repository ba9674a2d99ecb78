/** A mail ready for the transport: both parts and the fixed Message-ID. */
export interface RenderedMail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface RenderContext {
  from: string;
  publicUrl: string;
}

export const BRAND = 'Villa Prints';

export type Content = Pick<RenderedMail, 'subject' | 'text' | 'html'>;

export function button(url: string, label: string): string {
  return `<p style="margin:28px 0 8px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 22px;border-radius:999px;background:#d10069;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

/** The shop's look in what mail clients render: tables, inline styles, no remote fonts; the only images are the shop's design pictures. */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#fff8f3;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f3"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:18px;overflow:hidden;border:1px solid #f3d6e4">
<tr><td style="padding:20px 28px;background:#d10069;background-image:linear-gradient(120deg,#d10069,#c2410c);color:#ffffff;font-size:22px;font-weight:800;letter-spacing:-0.02em">&#9829; ${BRAND}</td></tr>
<tr><td style="padding:28px">${body}</td></tr>
<tr><td style="padding:16px 28px;background:#ffe3ef;font-size:12px;color:#6b4a5e">Questions? Just reply to this e-mail. 30-day returns on every order.</td></tr>
</table></td></tr></table></body></html>`;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
