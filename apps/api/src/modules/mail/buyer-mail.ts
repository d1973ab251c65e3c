import {
  type BuyerMailInput,
  type BuyerMailTexts,
  buyerMailText,
  composeBuyerMail,
} from '@seller/contract/customers/buyer-mail';
import type { Language } from '@seller/contract/languages';
import { buyerMailTexts as sharedBuyerMailTexts } from '@seller/locales/mail/buyer-mail-texts.ts';
import type { RenderedMail } from './mail-messages.ts';

/** The frame of a seller's mail to buyers in each language, the same texts on both sides. */
export const buyerMailTexts: Record<Language, BuyerMailTexts> = sharedBuyerMailTexts;

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Escaped text whose `url` (when it holds it) becomes a link. */
function withLink(text: string, url: string): string {
  const at = text.indexOf(url);
  if (at < 0) return escapeHtml(text);
  return `${escapeHtml(text.slice(0, at))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>${escapeHtml(text.slice(at + url.length))}`;
}

const styles = {
  greeting: '',
  sellerText: 'white-space:pre-wrap',
  productHeading: 'font-size:18px;margin:24px 0 8px',
  changelogHeading: 'font-size:15px;margin:16px 0 4px',
  changelog:
    'white-space:pre-wrap;margin:0 0 0 4px;padding-left:12px;border-left:3px solid #d1d5db',
  footer: 'font-size:12px;color:#4b5563',
} as const;

/**
 * A seller's mail to one buyer: the seller's subject and text as written (plain text, escaped
 * in the HTML part) in the frame of `language`.
 */
export function renderBuyerMail(language: Language, input: BuyerMailInput): RenderedMail {
  const mail = composeBuyerMail(buyerMailTexts[language], input);
  const html = mail.blocks
    .map((block) => {
      const style = styles[block.type] ? ` style="${styles[block.type]}"` : '';
      const text =
        block.type === 'footer'
          ? withLink(block.text, input.unsubscribeUrl)
          : escapeHtml(block.text);
      if (block.type === 'productHeading') return `<h2${style}>${text}</h2>`;
      if (block.type === 'changelogHeading') return `<h3${style}>${text}</h3>`;
      if (block.type === 'changelog') return `<blockquote${style}>${text}</blockquote>`;
      return `<p${style}>${text}</p>`;
    })
    .join('\n');
  return {
    subject: mail.subject,
    text: buyerMailText(mail),
    html: `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI','Noto Sans KR','Noto Sans SC','Noto Sans JP',sans-serif;line-height:1.6;color:#111827;max-width:560px;margin:0 auto;padding:24px">
${html}
</body></html>`,
  };
}
