import { readFileSync } from 'node:fs';
import fontkit from '@cantoo/fontkit';
import type { SaleEvidence } from '@seller/contract/sales/get-sale-evidence';
import type { EvidenceSheetLanguage } from '@seller/contract/sales/get-sale-evidence-pdf';
import PDFDocument from 'pdfkit';

/** The sheet's words in each language it is printed in. */
interface Labels {
  title: string;
  intro: string;
  sheetId: string;
  generatedAt: string;
  sheetHash: string;
  order: string;
  orderId: string;
  purchaseId: string;
  product: string;
  amount: string;
  paymentMethod: string;
  purchasedAt: string;
  seller: string;
  buyer: string;
  samplesOffered: string;
  sampleWhole: string;
  samplePages: (pages: number) => string;
  deliveries: string;
  noDeliveries: string;
  file: string;
  version: string;
  versionUnknown: string;
  size: string;
  stamped: string;
  yes: string;
  no: string;
  network: string;
  browser: string;
  summary: string;
  firstDeliveryAt: string;
  neverDelivered: string;
  filesNeverDownloaded: string;
  refunds: string;
  refundKinds: Record<SaleEvidence['summary']['refunds'][number]['kind'], string>;
  reason: string;
  none: string;
}

const labels: Record<EvidenceSheetLanguage, Labels> = {
  en: {
    title: 'Delivery evidence',
    intro:
      'What was delivered to the buyer of this order, for a refund dispute after a download (KR Electronic Commerce Act §17, CN Consumer Rights Protection Law §25). Times are UTC.',
    sheetId: 'Sheet',
    generatedAt: 'Made at',
    sheetHash: 'Sheet SHA-256',
    order: 'Order',
    orderId: 'Order ID',
    purchaseId: 'Purchase ID',
    product: 'Product',
    amount: 'Amount',
    paymentMethod: 'Payment method',
    purchasedAt: 'Purchased at',
    seller: 'Seller',
    buyer: 'Buyer',
    samplesOffered: 'Samples offered',
    sampleWhole: 'whole file',
    samplePages: (pages) => `first ${pages} pages`,
    deliveries: 'Deliveries',
    noDeliveries: 'The buyer was never given a file.',
    file: 'File',
    version: 'Version',
    versionUnknown: 'not recorded',
    size: 'Size',
    stamped: 'Stamped',
    yes: 'yes',
    no: 'no',
    network: 'Country / network',
    browser: 'Browser',
    summary: 'Summary',
    firstDeliveryAt: 'First delivery',
    neverDelivered: 'never',
    filesNeverDownloaded: 'Files never downloaded',
    refunds: 'Refunds',
    refundKinds: { refund: 'refund', chargeback: 'chargeback' },
    reason: 'reason',
    none: 'none',
  },
  ko: {
    title: '전달 증빙',
    intro:
      '이 주문의 구매자에게 전달된 내용입니다. 다운로드 후 환불 분쟁(전자상거래법 제17조, 중국 소비자권익보호법 제25조)에 사용합니다. 시각은 UTC 기준입니다.',
    sheetId: '증빙 번호',
    generatedAt: '작성 시각',
    sheetHash: '증빙 SHA-256',
    order: '주문',
    orderId: '주문 번호',
    purchaseId: '구매 ID',
    product: '상품',
    amount: '금액',
    paymentMethod: '결제 수단',
    purchasedAt: '구매 시각',
    seller: '판매자',
    buyer: '구매자',
    samplesOffered: '제공된 샘플',
    sampleWhole: '파일 전체',
    samplePages: (pages) => `앞 ${pages}페이지`,
    deliveries: '전달 내역',
    noDeliveries: '구매자에게 전달된 파일이 없습니다.',
    file: '파일',
    version: '버전',
    versionUnknown: '기록 없음',
    size: '크기',
    stamped: '스탬프',
    yes: '예',
    no: '아니요',
    network: '국가 / 네트워크',
    browser: '브라우저',
    summary: '요약',
    firstDeliveryAt: '첫 전달',
    neverDelivered: '없음',
    filesNeverDownloaded: '받지 않은 파일',
    refunds: '환불',
    refundKinds: { refund: '환불', chargeback: '지불 거절' },
    reason: '사유',
    none: '없음',
  },
  zh: {
    title: '交付证明',
    intro:
      '本订单买家所获交付的内容，用于下载后的退款纠纷（韩国《电子商务法》第17条、中国《消费者权益保护法》第25条）。时间均为 UTC。',
    sheetId: '证明单编号',
    generatedAt: '生成时间',
    sheetHash: '证明单 SHA-256',
    order: '订单',
    orderId: '订单号',
    purchaseId: '购买 ID',
    product: '商品',
    amount: '金额',
    paymentMethod: '支付方式',
    purchasedAt: '购买时间',
    seller: '卖家',
    buyer: '买家',
    samplesOffered: '提供的样本',
    sampleWhole: '整个文件',
    samplePages: (pages) => `前 ${pages} 页`,
    deliveries: '交付记录',
    noDeliveries: '买家从未获得任何文件。',
    file: '文件',
    version: '版本',
    versionUnknown: '未记录',
    size: '大小',
    stamped: '加印',
    yes: '是',
    no: '否',
    network: '国家 / 网络',
    browser: '浏览器',
    summary: '摘要',
    firstDeliveryAt: '首次交付',
    neverDelivered: '无',
    filesNeverDownloaded: '从未下载的文件',
    refunds: '退款',
    refundKinds: { refund: '退款', chargeback: '拒付' },
    reason: '原因',
    none: '无',
  },
};

const fontsDirectory = new URL('../../../assets/fonts/', import.meta.url);

interface SheetFont {
  name: string;
  bytes: Buffer;
  has: (codePoint: number) => boolean;
}

let fonts: readonly SheetFont[] | undefined;
/**
 * The committed Noto subsets, read once: Korean first (Latin, Hangul), then Chinese for the
 * ideographs the Korean one lacks.
 */
function sheetFonts(): readonly SheetFont[] {
  fonts ??= (
    [
      ['korean', 'noto-sans-kr-subset.otf'],
      ['chinese', 'noto-sans-sc-subset.otf'],
    ] as const
  ).map(([name, file]) => {
    const bytes = readFileSync(new URL(file, fontsDirectory));
    const font = fontkit.create(bytes);
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
    return { name, bytes, has: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) };
  });
  return fonts;
}

/** The text cut into runs of one font each; a character neither font has is written `?`. */
function runsOf(text: string, available: readonly SheetFont[]): { font: string; text: string }[] {
  const runs: { font: string; text: string }[] = [];
  const fallback = available[0]?.name ?? '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    // Line breaks and tabs are layout, not glyphs.
    const font = code < 0x20 ? fallback : available.find((candidate) => candidate.has(code))?.name;
    const written = font === undefined ? '?' : character;
    const name = font ?? fallback;
    const last = runs.at(-1);
    if (last && last.font === name) last.text += written;
    else runs.push({ font: name, text: written });
  }
  return runs;
}

/** `2026-03-01 09:30:12 UTC`: the sheet prints one unambiguous time zone. */
function utc(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}

function formatWon(amount: number): string {
  return `₩${amount.toLocaleString('en-US')}`;
}

/**
 * The sale's evidence sheet as a printable A4 PDF in the sheet's language: the same figures
 * as the JSON sheet, with its id, time and SHA-256, in fonts that write Korean and Chinese.
 */
export function renderEvidencePdf(
  sheet: SaleEvidence,
  language: EvidenceSheetLanguage,
): Promise<Buffer> {
  const words = labels[language];
  const available = sheetFonts();
  const document = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${labels.en.title} ${sheet.order.orderId}`, Subject: sheet.sheet.id },
  });
  for (const font of available) document.registerFont(font.name, font.bytes);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const write = (text: string, size: number, options: PDFKit.Mixins.TextOptions = {}) => {
    document.fontSize(size);
    const runs = runsOf(text, available);
    runs.forEach((run, index) => {
      document.font(run.font).text(run.text, { ...options, continued: index < runs.length - 1 });
    });
  };
  const heading = (text: string) => {
    document.moveDown(0.8);
    write(text, 13);
    document.moveDown(0.2);
  };
  const fact = (label: string, value: string) => write(`${label}: ${value}`, 10);

  write(words.title, 20);
  document.moveDown(0.3);
  write(words.intro, 9, { lineGap: 2 });
  document.moveDown(0.5);
  fact(words.sheetId, sheet.sheet.id);
  fact(words.generatedAt, utc(sheet.sheet.generatedAt));
  fact(words.sheetHash, sheet.sheet.sha256);

  heading(words.order);
  fact(words.orderId, sheet.order.orderId);
  fact(words.purchaseId, sheet.order.purchaseId);
  fact(words.product, sheet.order.productTitle);
  fact(words.amount, formatWon(sheet.order.amount));
  fact(words.paymentMethod, sheet.order.paymentMethod);
  fact(words.purchasedAt, utc(sheet.order.purchasedAt));
  fact(words.seller, sheet.seller.nickname ?? sheet.seller.id);
  fact(words.buyer, sheet.buyer.email);
  fact(
    words.samplesOffered,
    sheet.samplesOffered.length === 0
      ? words.none
      : sheet.samplesOffered
          .map(
            (sample) =>
              `${sample.fileName} (${sample.kind === 'file' ? words.sampleWhole : words.samplePages(sample.pages ?? 0)})`,
          )
          .join(', '),
  );

  heading(words.deliveries);
  if (sheet.deliveries.length === 0) write(words.noDeliveries, 10);
  sheet.deliveries.forEach((delivery, index) => {
    if (index > 0) document.moveDown(0.4);
    write(`${index + 1}. ${utc(delivery.at)} · ${delivery.fileName}`, 10);
    write(
      [
        `${words.version}: ${delivery.version === null ? words.versionUnknown : `v${delivery.version}`}`,
        `${words.size}: ${delivery.size.toLocaleString('en-US')} B`,
        `${words.stamped}: ${delivery.stamped ? words.yes : words.no}`,
      ].join(' · '),
      9,
    );
    write(`SHA-256: ${delivery.sha256 ?? '—'}`, 8);
    write(
      `${words.network}: ${[delivery.country, delivery.networkPrefix].filter((part) => part !== null).join(' ') || '—'}`,
      8,
    );
    write(`${words.browser}: ${delivery.userAgent ?? '—'}`, 8);
  });

  heading(words.summary);
  fact(
    words.firstDeliveryAt,
    sheet.summary.firstDeliveryAt ? utc(sheet.summary.firstDeliveryAt) : words.neverDelivered,
  );
  fact(
    words.filesNeverDownloaded,
    sheet.summary.filesNeverDownloaded.length === 0
      ? words.none
      : sheet.summary.filesNeverDownloaded.map((file) => file.fileName).join(', '),
  );
  fact(
    words.refunds,
    sheet.summary.refunds.length === 0
      ? words.none
      : sheet.summary.refunds
          .map(
            (refund) =>
              `${utc(refund.refundedAt)} ${words.refundKinds[refund.kind]} ${formatWon(refund.amount)}${refund.reason ? ` (${words.reason}: ${refund.reason})` : ''}`,
          )
          .join('; '),
  );
  document.moveDown(1);
  write(`${words.sheetHash}: ${sheet.sheet.sha256}`, 8);

  document.end();
  return done;
}
