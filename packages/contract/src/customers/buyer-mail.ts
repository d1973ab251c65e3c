import type { BroadcastKind } from './broadcast.ts';

/**
 * The words of the frame around a seller's mail to buyers, in one language: the `buyerMail`
 * texts of the `mail` namespace (`packages/locales/src/mail/<language>.json`). The server
 * sends what `composeBuyerMail` makes of them and the compose screen previews the same, so a
 * seller sees exactly the mail each buyer gets.
 */
export interface BuyerMailTexts {
  greeting: string;
  greetingNoName: string;
  productHeading: string;
  changelogHeading: string;
  reasonProductUpdate: string;
  reasonMarketing: string;
  sender: string;
  unsubscribeProductUpdate: string;
  unsubscribeMarketing: string;
  marketingSubject: string;
}

export interface BuyerMailVersion {
  /** The version's label, or its number when it has none. */
  label: string | null;
  number: number;
  changelog: string | null;
}

export interface BuyerMailInput {
  kind: BroadcastKind;
  /** The seller's subject and text, as written. */
  subject: string;
  body: string;
  /** The buyer's latest name, when a sale told it. */
  buyerName: string | null;
  /** The seller as buyers know them (nickname), and where to write back (the seller's email). */
  sellerName: string;
  sellerContact: string;
  /** The products the mail is about, each with the versions it quotes. */
  products: { title: string; versions: BuyerMailVersion[] }[];
  /** The one-click unsubscribe page of this buyer and kind. */
  unsubscribeUrl: string;
}

/** One part of the mail, in order: the text part joins them, the HTML part escapes each. */
export interface BuyerMailBlock {
  type: 'greeting' | 'sellerText' | 'productHeading' | 'changelogHeading' | 'changelog' | 'footer';
  text: string;
}

export interface BuyerMail {
  subject: string;
  blocks: BuyerMailBlock[];
}

/**
 * Puts `values` into a text's `{{name}}` places, in one pass: a value that itself holds
 * `{{…}}` (a seller's subject) stays as written.
 */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}

/** The mail one buyer gets: the seller's words inside the frame of the buyer's language. */
export function composeBuyerMail(texts: BuyerMailTexts, input: BuyerMailInput): BuyerMail {
  const seller = input.sellerName;
  const blocks: BuyerMailBlock[] = [
    {
      type: 'greeting',
      text: input.buyerName
        ? fillText(texts.greeting, { name: input.buyerName })
        : texts.greetingNoName,
    },
    { type: 'sellerText', text: input.body },
  ];
  if (input.kind === 'product_update') {
    for (const product of input.products) {
      blocks.push({
        type: 'productHeading',
        text: fillText(texts.productHeading, { product: product.title }),
      });
      for (const version of product.versions) {
        blocks.push({
          type: 'changelogHeading',
          text: fillText(texts.changelogHeading, {
            label: version.label ?? `v${version.number}`,
          }),
        });
        if (version.changelog) blocks.push({ type: 'changelog', text: version.changelog });
      }
    }
  }
  const products = input.products.map((product) => product.title).join(', ');
  blocks.push(
    {
      type: 'footer',
      text:
        input.kind === 'marketing'
          ? fillText(texts.reasonMarketing, { seller })
          : fillText(texts.reasonProductUpdate, { seller, products }),
    },
    { type: 'footer', text: fillText(texts.sender, { seller, contact: input.sellerContact }) },
    {
      type: 'footer',
      text: fillText(
        input.kind === 'marketing' ? texts.unsubscribeMarketing : texts.unsubscribeProductUpdate,
        { seller, url: input.unsubscribeUrl },
      ),
    },
  );
  return {
    subject:
      input.kind === 'marketing'
        ? fillText(texts.marketingSubject, { subject: input.subject })
        : input.subject,
    blocks,
  };
}

/** The plain-text part: blocks apart by a blank line, the frame's footer under a rule. */
export function buyerMailText(mail: BuyerMail): string {
  const lines: string[] = [];
  let footer = false;
  for (const block of mail.blocks) {
    if (block.type === 'footer' && !footer) {
      lines.push('--');
      footer = true;
    }
    lines.push(block.text, '');
  }
  return lines.join('\n').trimEnd();
}
