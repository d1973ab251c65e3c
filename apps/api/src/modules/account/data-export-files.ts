import type { Profile } from '@seller/contract/auth/get-profile';
import type { SettlementInfo } from '@seller/contract/settlement/get-settlement-info';
import { strToU8, zipSync } from 'fflate';
import type {
  PayoutRow,
  ProductFileRow,
  ProductRow,
  ProductThumbnailRow,
  RefundRow,
  SecurityEventRow,
  SellerRow,
} from '../../db/schema.ts';
import { byteOrderMark, csvLine, localDateTimeFormatter } from '../../lib/csv.ts';

/**
 * The files of a seller's data export. JSON for what has a shape (the profile, payout details,
 * products), CSV for the lists of money and activity: UTF-8 with a byte order mark, formula-safe
 * fields and local times, written like the sales export (`sales.csv` is that export itself).
 */

export interface ProductWithFiles {
  product: ProductRow;
  files: ProductFileRow[];
  thumbnails: ProductThumbnailRow[];
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The profile as the API shows it, with the settings kept beside it. */
export function profileJson(seller: SellerRow, profile: Profile): string {
  return json({
    id: seller.id,
    ...profile,
    language: seller.language,
    saleNotifications: seller.saleNotifications,
  });
}

export function settlementJson(info: SettlementInfo): string {
  return json(info);
}

/** Every product, deleted ones too, with the names and sizes of its files (not their bytes). */
export function productsJson(
  items: ProductWithFiles[],
  publicUrl: (key: string) => string,
): string {
  return json(
    items.map(({ product, files, thumbnails }) => ({
      id: product.id,
      title: product.title,
      description: product.description,
      price: product.price,
      status: product.status,
      view_count: product.viewCount,
      download_limit: product.downloadLimit,
      created_at: product.createdAt.toISOString(),
      updated_at: product.updatedAt.toISOString(),
      deleted_at: product.deletedAt?.toISOString() ?? null,
      files: files.map((file) => ({
        id: file.id,
        file_original_name: file.originalName,
        file_extension: file.extension,
        file_size: file.size,
        file_type: file.contentType,
      })),
      thumbnails: thumbnails.map((thumbnail) => ({
        id: thumbnail.id,
        s3_url: publicUrl(thumbnail.storageKey),
        image_original_name: thumbnail.originalName,
        is_main: thumbnail.isMain,
      })),
    })),
  );
}

export const refundsCsvColumns = [
  'refunded_at',
  'refund_id',
  'order_id',
  'kind',
  'amount_krw',
  'commission_returned_krw',
  'net_krw',
  'reason',
] as const;

export function refundsCsv(rows: RefundRow[], timeZone: string): string {
  const local = localDateTimeFormatter(timeZone);
  return (
    byteOrderMark +
    csvLine(refundsCsvColumns) +
    rows
      .map((row) =>
        csvLine([
          local(row.refundedAt),
          row.refundId,
          row.orderId,
          row.kind,
          row.amount,
          row.commissionReturned,
          row.netAmount,
          row.reason ?? '',
        ]),
      )
      .join('')
  );
}

export const payoutsCsvColumns = [
  'paid_at',
  'payout_id',
  'amount_krw',
  'method',
  'reference',
] as const;

export function payoutsCsv(rows: PayoutRow[], timeZone: string): string {
  const local = localDateTimeFormatter(timeZone);
  return (
    byteOrderMark +
    csvLine(payoutsCsvColumns) +
    rows
      .map((row) =>
        csvLine([local(row.paidAt), row.payoutId, row.amount, row.method, row.reference ?? '']),
      )
      .join('')
  );
}

export const activityCsvColumns = ['at', 'type', 'ip', 'user_agent'] as const;

export function activityCsv(rows: SecurityEventRow[], timeZone: string): string {
  const local = localDateTimeFormatter(timeZone);
  return (
    byteOrderMark +
    csvLine(activityCsvColumns) +
    rows
      .map((row) => csvLine([local(row.at), row.type, row.ip ?? '', row.userAgent ?? '']))
      .join('')
  );
}

/** The ZIP file of the export: each file in UTF-8, in the order given. */
export function zipFiles(files: Record<string, string>): Uint8Array {
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
    { level: 6 },
  );
}
