import type { Language } from '@seller/contract/languages';

/**
 * The texts of every mail the seller center sends, in the six languages of the web app. Each
 * message is plain text plus a simple HTML version of the same words; values are escaped.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Paragraphs {
  subject: string;
  greeting: string;
  lines: string[];
  /** A button (HTML) and a line with the address (text). */
  action?: { label: string; url: string };
  closing: string;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function render(language: Language, parts: Paragraphs): RenderedMail {
  const text = [
    parts.greeting,
    '',
    ...parts.lines,
    ...(parts.action ? ['', `${parts.action.label}: ${parts.action.url}`] : []),
    '',
    parts.closing,
  ].join('\n');
  const paragraphs = parts.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const button = parts.action
    ? `<p><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;padding:10px 18px;background:#111827;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(parts.action.label)}</a></p>
<p style="font-size:12px;color:#4b5563">${escapeHtml(parts.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI','Noto Sans KR','Noto Sans SC','Noto Sans JP',sans-serif;line-height:1.6;color:#111827;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(parts.greeting)}</p>
${paragraphs}
${button}
<p style="color:#4b5563">${escapeHtml(parts.closing)}</p>
</body></html>`;
  return { subject: parts.subject, text, html };
}

type Messages<Data> = Record<Language, (data: Data) => Paragraphs>;

const closing: Record<Language, string> = {
  en: '— Seller Center',
  ko: '— 셀러 센터',
  zh: '— 卖家中心',
  ja: '— セラーセンター',
  fr: '— Espace vendeur',
  tr: '— Satıcı Merkezi',
};

const ignoreIfNotYou: Record<Language, string> = {
  en: 'If you did not ask for this, you can ignore this message: your password stays as it is.',
  ko: '요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다.',
  zh: '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
  ja: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  fr: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  tr: 'Bu isteği siz yapmadıysanız bu iletiyi yok sayabilirsiniz; şifreniz değişmez.',
};

export interface PasswordResetData {
  url: string;
  /** Minutes the link stays valid. */
  minutes: number;
}

const passwordReset: Messages<PasswordResetData> = {
  en: ({ url, minutes }) => ({
    subject: 'Reset your Seller Center password',
    greeting: 'Hello,',
    lines: [
      'Someone asked to reset the password of your Seller Center account.',
      `The link below works once, for ${minutes} minutes.`,
      ignoreIfNotYou.en,
    ],
    action: { label: 'Choose a new password', url },
    closing: closing.en,
  }),
  ko: ({ url, minutes }) => ({
    subject: '셀러 센터 비밀번호 재설정',
    greeting: '안녕하세요.',
    lines: [
      '셀러 센터 계정의 비밀번호 재설정이 요청되었습니다.',
      `아래 링크는 ${minutes}분 동안 한 번만 사용할 수 있습니다.`,
      ignoreIfNotYou.ko,
    ],
    action: { label: '새 비밀번호 설정하기', url },
    closing: closing.ko,
  }),
  zh: ({ url, minutes }) => ({
    subject: '重置您的卖家中心密码',
    greeting: '您好：',
    lines: [
      '有人请求重置您卖家中心账户的密码。',
      `以下链接在 ${minutes} 分钟内有效，且只能使用一次。`,
      ignoreIfNotYou.zh,
    ],
    action: { label: '设置新密码', url },
    closing: closing.zh,
  }),
  ja: ({ url, minutes }) => ({
    subject: 'セラーセンターのパスワード再設定',
    greeting: 'こんにちは。',
    lines: [
      'セラーセンターのアカウントのパスワード再設定が依頼されました。',
      `下のリンクは${minutes}分間、1回だけ使えます。`,
      ignoreIfNotYou.ja,
    ],
    action: { label: '新しいパスワードを設定する', url },
    closing: closing.ja,
  }),
  fr: ({ url, minutes }) => ({
    subject: 'Réinitialisez votre mot de passe de l’Espace vendeur',
    greeting: 'Bonjour,',
    lines: [
      'Une réinitialisation du mot de passe de votre compte Espace vendeur a été demandée.',
      `Le lien ci-dessous fonctionne une seule fois, pendant ${minutes} minutes.`,
      ignoreIfNotYou.fr,
    ],
    action: { label: 'Choisir un nouveau mot de passe', url },
    closing: closing.fr,
  }),
  tr: ({ url, minutes }) => ({
    subject: 'Satıcı Merkezi şifrenizi sıfırlayın',
    greeting: 'Merhaba,',
    lines: [
      'Satıcı Merkezi hesabınızın şifresini sıfırlama isteği alındı.',
      `Aşağıdaki bağlantı ${minutes} dakika boyunca bir kez kullanılabilir.`,
      ignoreIfNotYou.tr,
    ],
    action: { label: 'Yeni şifre belirle', url },
    closing: closing.tr,
  }),
};

export interface PasswordChangedData {
  /** When it happened, already formatted for the seller's language and time zone. */
  when: string;
  /** Where to go when it was not the seller. */
  url: string;
}

const passwordChanged: Messages<PasswordChangedData> = {
  en: ({ when, url }) => ({
    subject: 'Your Seller Center password was changed',
    greeting: 'Hello,',
    lines: [
      `The password of your Seller Center account was changed on ${when}. Every other session was signed out.`,
      'If this was not you, reset your password now and check your payout details.',
    ],
    action: { label: 'Reset my password', url },
    closing: closing.en,
  }),
  ko: ({ when, url }) => ({
    subject: '셀러 센터 비밀번호가 변경되었습니다',
    greeting: '안녕하세요.',
    lines: [
      `${when}에 셀러 센터 계정의 비밀번호가 변경되었습니다. 다른 모든 기기에서 로그아웃되었습니다.`,
      '본인이 변경하지 않았다면 지금 비밀번호를 재설정하고 정산 정보를 확인하세요.',
    ],
    action: { label: '비밀번호 재설정', url },
    closing: closing.ko,
  }),
  zh: ({ when, url }) => ({
    subject: '您的卖家中心密码已更改',
    greeting: '您好：',
    lines: [
      `您的卖家中心账户密码已于 ${when} 更改，其他所有登录均已退出。`,
      '如果这不是您本人的操作，请立即重置密码并检查您的结算信息。',
    ],
    action: { label: '重置密码', url },
    closing: closing.zh,
  }),
  ja: ({ when, url }) => ({
    subject: 'セラーセンターのパスワードが変更されました',
    greeting: 'こんにちは。',
    lines: [
      `${when}にセラーセンターのアカウントのパスワードが変更されました。ほかのすべてのセッションはログアウトされました。`,
      'お心当たりがない場合は、すぐにパスワードを再設定し、精算情報をご確認ください。',
    ],
    action: { label: 'パスワードを再設定する', url },
    closing: closing.ja,
  }),
  fr: ({ when, url }) => ({
    subject: 'Le mot de passe de votre Espace vendeur a été modifié',
    greeting: 'Bonjour,',
    lines: [
      `Le mot de passe de votre compte Espace vendeur a été modifié le ${when}. Toutes les autres sessions ont été déconnectées.`,
      'Si ce n’est pas vous, réinitialisez votre mot de passe maintenant et vérifiez vos coordonnées de paiement.',
    ],
    action: { label: 'Réinitialiser mon mot de passe', url },
    closing: closing.fr,
  }),
  tr: ({ when, url }) => ({
    subject: 'Satıcı Merkezi şifreniz değiştirildi',
    greeting: 'Merhaba,',
    lines: [
      `Satıcı Merkezi hesabınızın şifresi ${when} tarihinde değiştirildi. Diğer tüm oturumlar kapatıldı.`,
      'Bunu siz yapmadıysanız şifrenizi hemen sıfırlayın ve ödeme bilgilerinizi kontrol edin.',
    ],
    action: { label: 'Şifremi sıfırla', url },
    closing: closing.tr,
  }),
};

export interface NewSignInData {
  when: string;
  address: string;
  failedAttempts: number;
  url: string;
}

const newSignIn: Messages<NewSignInData> = {
  en: ({ when, address, failedAttempts, url }) => ({
    subject: 'New sign-in to your Seller Center account',
    greeting: 'Hello,',
    lines: [
      `Your account was signed in to on ${when} from a new address (${address}), after ${failedAttempts} failed attempts.`,
      'If this was you, nothing needs to be done. If not, reset your password and turn on two-factor authentication.',
    ],
    action: { label: 'Reset my password', url },
    closing: closing.en,
  }),
  ko: ({ when, address, failedAttempts, url }) => ({
    subject: '셀러 센터 계정에 새로운 로그인이 있었습니다',
    greeting: '안녕하세요.',
    lines: [
      `${when}에 새로운 주소(${address})에서 로그인 시도 ${failedAttempts}회 실패 후 계정에 로그인되었습니다.`,
      '본인이라면 아무것도 하지 않으셔도 됩니다. 본인이 아니라면 비밀번호를 재설정하고 2단계 인증을 켜세요.',
    ],
    action: { label: '비밀번호 재설정', url },
    closing: closing.ko,
  }),
  zh: ({ when, address, failedAttempts, url }) => ({
    subject: '您的卖家中心账户有新的登录',
    greeting: '您好：',
    lines: [
      `在 ${failedAttempts} 次登录失败后，您的账户于 ${when} 从新的地址（${address}）登录。`,
      '如果是您本人，无需任何操作。如果不是，请重置密码并开启两步验证。',
    ],
    action: { label: '重置密码', url },
    closing: closing.zh,
  }),
  ja: ({ when, address, failedAttempts, url }) => ({
    subject: 'セラーセンターのアカウントに新しいログインがありました',
    greeting: 'こんにちは。',
    lines: [
      `${failedAttempts}回のログイン失敗の後、${when}に新しいアドレス（${address}）からアカウントにログインがありました。`,
      'ご本人であれば対応は不要です。お心当たりがない場合は、パスワードを再設定し、2段階認証を有効にしてください。',
    ],
    action: { label: 'パスワードを再設定する', url },
    closing: closing.ja,
  }),
  fr: ({ when, address, failedAttempts, url }) => ({
    subject: 'Nouvelle connexion à votre Espace vendeur',
    greeting: 'Bonjour,',
    lines: [
      `Une connexion à votre compte a eu lieu le ${when} depuis une nouvelle adresse (${address}), après ${failedAttempts} tentatives échouées.`,
      'Si c’était vous, rien à faire. Sinon, réinitialisez votre mot de passe et activez la double authentification.',
    ],
    action: { label: 'Réinitialiser mon mot de passe', url },
    closing: closing.fr,
  }),
  tr: ({ when, address, failedAttempts, url }) => ({
    subject: 'Satıcı Merkezi hesabınızda yeni oturum açıldı',
    greeting: 'Merhaba,',
    lines: [
      `Hesabınızda ${failedAttempts} başarısız denemenin ardından ${when} tarihinde yeni bir adresten (${address}) oturum açıldı.`,
      'Bu sizseniz bir şey yapmanıza gerek yok. Değilseniz şifrenizi sıfırlayın ve iki adımlı doğrulamayı açın.',
    ],
    action: { label: 'Şifremi sıfırla', url },
    closing: closing.tr,
  }),
};

/** A sales amount in won, without decimals, in the words of /sales: 15,000원, 15,000韩元, ₩15,000. */
export function formatWon(amount: number, language: Language): string {
  const digits = new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : language, {
    maximumFractionDigits: 0,
  }).format(Math.round(amount));
  if (language === 'ko') return `${digits}원`;
  if (language === 'zh') return `${digits}韩元`;
  return `₩${digits}`;
}

export interface SaleData {
  product: string;
  /** Gross and net, already formatted (`formatWon`). */
  amount: string;
  net: string;
  when: string;
  url: string;
}

const sale: Messages<SaleData> = {
  en: ({ product, amount, net, when, url }) => ({
    subject: `New sale: ${product} (${amount})`,
    greeting: 'Hello,',
    lines: [`You sold “${product}” on ${when}.`, `Amount: ${amount} (${net} after commission).`],
    action: { label: 'See today’s sales', url },
    closing: closing.en,
  }),
  ko: ({ product, amount, net, when, url }) => ({
    subject: `새 판매: ${product} (${amount})`,
    greeting: '안녕하세요.',
    lines: [
      `${when}에 「${product}」이(가) 판매되었습니다.`,
      `금액: ${amount} (수수료 차감 후 ${net})`,
    ],
    action: { label: '오늘의 판매 보기', url },
    closing: closing.ko,
  }),
  zh: ({ product, amount, net, when, url }) => ({
    subject: `新订单：${product}（${amount}）`,
    greeting: '您好：',
    lines: [`您于 ${when} 售出了「${product}」。`, `金额：${amount}（扣除佣金后 ${net}）。`],
    action: { label: '查看今天的销售', url },
    closing: closing.zh,
  }),
  ja: ({ product, amount, net, when, url }) => ({
    subject: `新しい販売：${product}（${amount}）`,
    greeting: 'こんにちは。',
    lines: [`${when}に「${product}」が売れました。`, `金額：${amount}（手数料差し引き後 ${net}）`],
    action: { label: '今日の販売を見る', url },
    closing: closing.ja,
  }),
  fr: ({ product, amount, net, when, url }) => ({
    subject: `Nouvelle vente : ${product} (${amount})`,
    greeting: 'Bonjour,',
    lines: [
      `Vous avez vendu « ${product} » le ${when}.`,
      `Montant : ${amount} (${net} après commission).`,
    ],
    action: { label: 'Voir les ventes du jour', url },
    closing: closing.fr,
  }),
  tr: ({ product, amount, net, when, url }) => ({
    subject: `Yeni satış: ${product} (${amount})`,
    greeting: 'Merhaba,',
    lines: [
      `“${product}” ürününüz ${when} tarihinde satıldı.`,
      `Tutar: ${amount} (komisyon sonrası ${net}).`,
    ],
    action: { label: 'Bugünkü satışları gör', url },
    closing: closing.tr,
  }),
};

export interface DailySummaryData {
  /** The day, formatted for the language. */
  day: string;
  count: number;
  amount: string;
  net: string;
  /** The best products of the day: title and formatted amount. */
  top: { title: string; count: number; amount: string }[];
  url: string;
}

const dailySummary: Messages<DailySummaryData> = {
  en: ({ day, count, amount, net, top, url }) => ({
    subject: `Your sales on ${day}: ${count} ${count === 1 ? 'sale' : 'sales'}, ${amount}`,
    greeting: 'Hello,',
    lines: [
      `On ${day} you made ${count} ${count === 1 ? 'sale' : 'sales'} for ${amount} (${net} after commission).`,
      ...top.map((item, index) => `${index + 1}. ${item.title}: ${item.count} × ${item.amount}`),
    ],
    action: { label: 'See this week’s sales', url },
    closing: closing.en,
  }),
  ko: ({ day, count, amount, net, top, url }) => ({
    subject: `${day} 판매 요약: ${count}건, ${amount}`,
    greeting: '안녕하세요.',
    lines: [
      `${day}에 ${count}건, ${amount}을(를) 판매했습니다 (수수료 차감 후 ${net}).`,
      ...top.map((item, index) => `${index + 1}. ${item.title}: ${item.count}건, ${item.amount}`),
    ],
    action: { label: '이번 주 판매 보기', url },
    closing: closing.ko,
  }),
  zh: ({ day, count, amount, net, top, url }) => ({
    subject: `${day} 销售汇总：${count} 笔，${amount}`,
    greeting: '您好：',
    lines: [
      `${day} 您共售出 ${count} 笔，金额 ${amount}（扣除佣金后 ${net}）。`,
      ...top.map((item, index) => `${index + 1}. ${item.title}：${item.count} 笔，${item.amount}`),
    ],
    action: { label: '查看本周销售', url },
    closing: closing.zh,
  }),
  ja: ({ day, count, amount, net, top, url }) => ({
    subject: `${day}の販売：${count}件、${amount}`,
    greeting: 'こんにちは。',
    lines: [
      `${day}は${count}件、${amount}の販売がありました（手数料差し引き後 ${net}）。`,
      ...top.map((item, index) => `${index + 1}. ${item.title}：${item.count}件、${item.amount}`),
    ],
    action: { label: '今週の販売を見る', url },
    closing: closing.ja,
  }),
  fr: ({ day, count, amount, net, top, url }) => ({
    subject: `Vos ventes du ${day} : ${count} ${count === 1 ? 'vente' : 'ventes'}, ${amount}`,
    greeting: 'Bonjour,',
    lines: [
      `Le ${day}, vous avez fait ${count} ${count === 1 ? 'vente' : 'ventes'} pour ${amount} (${net} après commission).`,
      ...top.map((item, index) => `${index + 1}. ${item.title} : ${item.count} × ${item.amount}`),
    ],
    action: { label: 'Voir les ventes de la semaine', url },
    closing: closing.fr,
  }),
  tr: ({ day, count, amount, net, top, url }) => ({
    subject: `${day} satışlarınız: ${count} satış, ${amount}`,
    greeting: 'Merhaba,',
    lines: [
      `${day} tarihinde ${amount} tutarında ${count} satış yaptınız (komisyon sonrası ${net}).`,
      ...top.map(
        (item, index) => `${index + 1}. ${item.title}: ${item.count} satış, ${item.amount}`,
      ),
    ],
    action: { label: 'Bu haftanın satışlarını gör', url },
    closing: closing.tr,
  }),
};

const templates = { passwordReset, passwordChanged, newSignIn, sale, dailySummary } as const;

export type MailTemplate = keyof typeof templates;
export type MailData = {
  passwordReset: PasswordResetData;
  passwordChanged: PasswordChangedData;
  newSignIn: NewSignInData;
  sale: SaleData;
  dailySummary: DailySummaryData;
};

export function renderMail<T extends MailTemplate>(
  template: T,
  language: Language,
  data: MailData[T],
): RenderedMail {
  const messages = templates[template] as Messages<MailData[T]>;
  return render(language, messages[language](data));
}

/** Every template has every language (checked by the mail tests). */
export const mailTemplates = Object.keys(templates) as MailTemplate[];
