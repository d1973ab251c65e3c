import type { BroadcastKind } from '@seller/contract/customers/broadcast';
import {
  type BuyerMail,
  type BuyerMailTexts,
  type BuyerMailVersion,
  composeBuyerMail,
} from '@seller/contract/customers/buyer-mail';
import type { Language } from '@seller/contract/languages';
import en from '@seller/locales/mail/en.json';
import fr from '@seller/locales/mail/fr.json';
import ja from '@seller/locales/mail/ja.json';
import ko from '@seller/locales/mail/ko.json';
import tr from '@seller/locales/mail/tr.json';
import zh from '@seller/locales/mail/zh.json';

/**
 * The frame of a mail to buyers in each language: the very texts the server sends
 * (`buyerMail` of the mail texts), put together by the same function of the contract.
 */
export const buyerMailTexts: Record<Language, BuyerMailTexts> = {
  en: en.buyerMail,
  ko: ko.buyerMail,
  zh: zh.buyerMail,
  ja: ja.buyerMail,
  fr: fr.buyerMail,
  tr: tr.buyerMail,
};

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
