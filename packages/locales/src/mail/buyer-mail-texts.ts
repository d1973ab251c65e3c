import en from './en.json';
import fr from './fr.json';
import ja from './ja.json';
import ko from './ko.json';
import tr from './tr.json';
import zh from './zh.json';

/**
 * The frame of a seller's mail to buyers in each language (`buyerMail` of the mail texts): the
 * server sends it, the web app's compose screen previews it.
 */
export const buyerMailTexts = {
  en: en.buyerMail,
  ko: ko.buyerMail,
  zh: zh.buyerMail,
  ja: ja.buyerMail,
  fr: fr.buyerMail,
  tr: tr.buyerMail,
};
