import type { Language } from '@seller/contract/languages';

/**
 * The demo shop's buyers and where they come from: the countries a Korean seller of digital
 * products sells to (Korea and China most), the sites that send them, and each buyer's name,
 * language and choice about news by mail.
 */

/** A country the demo shop sells to: its buyers' language and names. */
interface DemoCountry {
  code: string;
  locale: Language;
  names: readonly string[];
}

const countries: Record<string, DemoCountry> = {
  KR: {
    code: 'KR',
    locale: 'ko',
    names: [
      '김민준',
      '이서연',
      '박지호',
      '최수아',
      '정하준',
      '강지유',
      '조은우',
      '윤서윤',
      '장도윤',
      '임하은',
      '한예준',
      '오지민',
    ],
  },
  CN: {
    code: 'CN',
    locale: 'zh',
    names: [
      '王芳',
      '李伟',
      '张敏',
      '刘洋',
      '陈静',
      '杨磊',
      '赵丽',
      '黄婷',
      '周杰',
      '吴霞',
      '徐晨',
      '孙悦',
    ],
  },
  JP: {
    code: 'JP',
    locale: 'ja',
    names: ['佐藤 健', '鈴木 花子', '高橋 蓮', '田中 陽菜', '伊藤 大翔', '渡辺 結衣'],
  },
  US: {
    code: 'US',
    locale: 'en',
    names: ['Emily Carter', 'James Miller', 'Olivia Brown', 'Daniel Kim', 'Sophia Nguyen'],
  },
  TW: {
    code: 'TW',
    locale: 'zh',
    names: ['陳怡君', '林志豪', '黃雅婷', '張家豪', '李佳蓉'],
  },
  FR: {
    code: 'FR',
    locale: 'fr',
    names: ['Camille Martin', 'Louis Bernard', 'Chloé Dubois'],
  },
  TR: {
    code: 'TR',
    locale: 'tr',
    names: ['Elif Yılmaz', 'Mehmet Kaya', 'Zeynep Demir'],
  },
};

/**
 * Where the demo shop's visitors come from: the referrer or UTM fields the member site sends,
 * the visitors' country, and how many views and sales each brings against the others (so that
 * each source converts at its own rate on the Analytics screen).
 */
export interface TrafficOrigin {
  views: number;
  sales: number;
  country: string;
  source?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export const trafficOrigins: readonly TrafficOrigin[] = [
  { views: 6, sales: 5, country: 'KR', source: 'search.naver.com' },
  {
    views: 3,
    sales: 3.5,
    country: 'KR',
    source: 'blog.naver.com',
    utmSource: 'naver',
    utmMedium: 'blog',
    utmCampaign: 'spring-sale',
  },
  { views: 1, sales: 0.6, country: 'KR', source: 'search.daum.net' },
  {
    views: 2.5,
    sales: 1.2,
    country: 'KR',
    utmSource: 'Instagram',
    utmMedium: 'social',
    utmCampaign: 'reels',
  },
  { views: 1.5, sales: 2, country: 'KR' },
  { views: 4, sales: 2, country: 'CN', source: 'www.xiaohongshu.com' },
  {
    views: 1,
    sales: 1.5,
    country: 'CN',
    source: 'xhslink.com',
    utmSource: 'xiaohongshu',
    utmMedium: 'kol',
    utmCampaign: 'kol-autumn',
  },
  {
    views: 2,
    sales: 1.5,
    country: 'CN',
    source: 'weibo.com',
    utmCampaign: 'launch',
  },
  { views: 2, sales: 1.2, country: 'CN', source: 'b23.tv' },
  { views: 0.8, sales: 0.4, country: 'CN', source: 'www.baidu.com' },
  { views: 0.6, sales: 0.8, country: 'CN' },
  { views: 1, sales: 0.7, country: 'JP', source: 't.co', utmCampaign: 'launch' },
  { views: 0.5, sales: 0.5, country: 'JP' },
  {
    views: 0.8,
    sales: 0.4,
    country: 'US',
    utmSource: 'Instagram',
    utmMedium: 'social',
    utmCampaign: 'reels',
  },
  { views: 0.5, sales: 0.4, country: 'US' },
  {
    views: 0.6,
    sales: 0.4,
    country: 'TW',
    utmSource: 'Instagram',
    utmMedium: 'social',
    utmCampaign: 'reels',
  },
  { views: 0.3, sales: 0.3, country: 'TW', source: 'www.xiaohongshu.com' },
  { views: 0.2, sales: 0.15, country: 'FR' },
  { views: 0.2, sales: 0.15, country: 'TR' },
];

/** What a buyer chose about news by mail: ticked the box, ticked it and withdrew later, never. */
export type DemoConsent = 'granted' | 'withdrawn' | 'none';

export interface DemoBuyer {
  email: string;
  /** Absent for the few the member site knows only by their email. */
  name?: string;
  country: string;
  locale: Language;
  consent: DemoConsent;
}

/**
 * `count` buyers spread over the countries as the sales are, each with a name of their country
 * (a few without), their language and their choice about news: about a third grant it, one in
 * ten of them withdraws later.
 */
export function demoBuyers(count: number, random: () => number): Map<string, DemoBuyer[]> {
  const shares = new Map<string, number>();
  for (const origin of trafficOrigins) {
    shares.set(origin.country, (shares.get(origin.country) ?? 0) + origin.sales);
  }
  const total = [...shares.values()].reduce((sum, share) => sum + share, 0);
  const byCountry = new Map<string, DemoBuyer[]>();
  let index = 0;
  for (const [code, share] of shares) {
    const country = countries[code];
    if (!country) throw new Error(`no demo buyers for ${code}`);
    const buyers: DemoBuyer[] = [];
    for (let n = Math.max(3, Math.round((count * share) / total)); n > 0; n -= 1) {
      index += 1;
      const roll = random();
      const consent: DemoConsent = roll < 0.3 ? 'granted' : roll < 0.4 ? 'withdrawn' : 'none';
      const name = country.names[Math.floor(random() * country.names.length)];
      buyers.push({
        email: `customer${index}@example.com`,
        ...(random() < 0.9 && name ? { name } : {}),
        country: code,
        locale: country.locale,
        consent,
      });
    }
    byCountry.set(code, buyers);
  }
  return byCountry;
}
