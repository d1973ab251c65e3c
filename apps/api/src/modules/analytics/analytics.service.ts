import type {
  ConversionGroup,
  ConversionResponse,
  ConversionRow,
  conversionQuerySchema,
} from '@seller/contract/analytics/get-conversion';
import { limits } from '@seller/contract/limits';
import type { z } from 'zod';
import { invalidField, notFound } from '../../lib/app-error.ts';
import { addDays, dayNumber, localDayOf } from '../../lib/local-day.ts';
import { trafficSource } from '../../lib/traffic-sources.ts';
import type { AnalyticsRepository, ConversionScope } from './analytics.repository.ts';

type ConversionQuery = z.output<typeof conversionQuerySchema>;

interface Figures {
  views: number;
  sales: number;
  revenue: number;
}

/** `min(sales ÷ views, 1)`; null without views (docs/product-rules.md, "Where sales come from"). */
export function conversionOf(sales: number, views: number): number | null {
  return views > 0 ? Math.min(sales / views, 1) : null;
}

/** Every day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const count = dayNumber(to) - dayNumber(from) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, index) => addDays(from, index));
}

export function createAnalyticsService(deps: {
  analytics: AnalyticsRepository;
  timeZone: string;
  now?: () => Date;
}) {
  const { analytics } = deps;
  const now = deps.now ?? (() => new Date());

  /** The period asked for, with its defaults: the last 30 days to today. */
  function periodOf(query: ConversionQuery): { from: string; to: string } {
    const defaultDays = limits.conversion.defaultDays;
    const { firstDay, lastDay } = limits.dates;
    // A default end past the last day there is is that day; a default start before the first, that one.
    const to =
      query.to ??
      (query.from
        ? dayNumber(lastDay) - dayNumber(query.from) < defaultDays - 1
          ? lastDay
          : addDays(query.from, defaultDays - 1)
        : localDayOf(now(), deps.timeZone));
    const from =
      query.from ??
      (dayNumber(to) - dayNumber(firstDay) < defaultDays - 1
        ? firstDay
        : addDays(to, -(defaultDays - 1)));
    const days = dayNumber(to) - dayNumber(from) + 1;
    if (days < 1) throw invalidField('to', 'dateRangeInvalid', 'Invalid query: from is after to');
    if (days > limits.conversion.maxDays) {
      throw invalidField('from', 'periodTooLong', 'Invalid query: the period is too long');
    }
    return { from, to };
  }

  return {
    async conversion(sellerId: string, query: ConversionQuery): Promise<ConversionResponse> {
      const group: ConversionGroup = query.groupBy;
      const scope: ConversionScope = { sellerId, ...periodOf(query), productId: query.productId };
      if (
        query.productId !== undefined &&
        (await analytics.ownProductTitle(sellerId, query.productId)) === undefined
      ) {
        throw notFound('Product');
      }
      const [views, sold] = await Promise.all([
        analytics.viewsBy(scope, group),
        analytics.salesBy(scope, group),
      ]);

      const figures = new Map<string, Figures>();
      const at = (key: string) => {
        let entry = figures.get(key);
        if (!entry) {
          entry = { views: 0, sales: 0, revenue: 0 };
          figures.set(key, entry);
        }
        return entry;
      };
      for (const row of views) at(row.key).views += row.views;
      for (const row of sold) {
        const entry = at(group === 'source' ? trafficSource(row.source, row.utmSource) : row.key);
        entry.sales += row.sales;
        entry.revenue += row.revenue;
      }

      const titles =
        group === 'product'
          ? await analytics.productTitles(sellerId, [...figures.keys()])
          : undefined;
      const rowOf = (key: string, entry: Figures): ConversionRow => ({
        key,
        label: titles?.get(key) ?? key,
        ...entry,
        conversion: conversionOf(entry.sales, entry.views),
      });

      const rows =
        group === 'day'
          ? daysOf(scope.from, scope.to).map((day) =>
              rowOf(day, figures.get(day) ?? { views: 0, sales: 0, revenue: 0 }),
            )
          : [...figures]
              .map(([key, entry]) => rowOf(key, entry))
              .sort(
                (a, b) =>
                  b.sales - a.sales ||
                  b.views - a.views ||
                  b.revenue - a.revenue ||
                  (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
              );

      const totals = { views: 0, sales: 0, revenue: 0 };
      for (const entry of figures.values()) {
        totals.views += entry.views;
        totals.sales += entry.sales;
        totals.revenue += entry.revenue;
      }
      return {
        rows,
        totals: { ...totals, conversion: conversionOf(totals.sales, totals.views) },
        from: scope.from,
        to: scope.to,
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
