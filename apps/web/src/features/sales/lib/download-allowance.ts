import { limits } from '@seller/contract/limits';

/** What a product gives each sale: `perFile` downloads of each of its `files` (0 = unlimited). */
export interface DownloadAllowance {
  perFile: number;
  files: number;
}

/**
 * The downloads a sale may count in all, the figure its download count is read against: the
 * product's limit per file times its current files (a sale's count adds up every file), or
 * `null` when the product's downloads are unlimited.
 */
export function saleDownloadLimit(allowance: DownloadAllowance): number | null {
  if (allowance.perFile === limits.downloadLimit.unlimited) return null;
  return allowance.perFile * Math.max(1, allowance.files);
}

/** The allowance of each product by id, from what the product list says of them. */
export function allowancesOf(
  products: readonly { id: string; download_limit: number; file_count: number }[],
): ReadonlyMap<string, DownloadAllowance> {
  return new Map(
    products.map((product) => [
      product.id,
      { perFile: product.download_limit, files: product.file_count },
    ]),
  );
}
