import type { BroadcastKind } from '@seller/contract/customers/broadcast';
import {
  type BuyerMail,
  type BuyerMailTexts,
  type BuyerMailVersion,
  composeBuyerMail,
} from '@seller/contract/customers/buyer-mail';
import type { Language } from '@seller/contract/languages';
import { buyerMailTexts as sharedBuyerMailTexts } from '@seller/locales/mail/buyer-mail-texts.ts';

/** The frame of a seller's mail to buyers in each language, the same texts on both sides. */
export const buyerMailTexts: Record<Language, BuyerMailTexts> = sharedBuyerMailTexts;

export interface PreviewInput {
  kind: BroadcastKind;
  subject: string;
  body: string;
  sellerName: string;
  sellerContact: string;
  products: { title: string; versions: BuyerMailVersion[] }[];
  /** Where the page opens from (`https://…`): the unsubscribe link shows under it. */
  origin: string;
}

/** The mail a buyer reading `language` gets, with a sample unsubscribe link. */
export function previewBuyerMail(language: Language, input: PreviewInput): BuyerMail {
  return composeBuyerMail(buyerMailTexts[language], {
    kind: input.kind,
    subject: input.subject,
    body: input.body,
    buyerName: null,
    sellerName: input.sellerName,
    sellerContact: input.sellerContact,
    products: input.products,
    unsubscribeUrl: `${input.origin}/unsubscribe/…`,
  });
}
