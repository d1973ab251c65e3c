import { z } from 'zod';

/**
 * Where the seller's data export stands: `pending` while it is being built, `ready` with a
 * short-lived download link until `expiresAt`, `expired` once the file is removed, `failed`
 * when it could not be built (a new one may be asked for).
 */
export const dataExportStatuses = ['pending', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

export const dataExportSchema = z.object({
  status: z.enum(dataExportStatuses),
  requestedAt: z.iso.datetime(),
  /** A link to the ZIP file, valid for a few minutes: ask again for a fresh one. Only when ready. */
  downloadUrl: z.string().nullable(),
  /** When `downloadUrl` stops working (ask again before); null when there is no link. */
  downloadUrlExpiresAt: z.iso.datetime().nullable(),
  /** Until when the file is kept (24 hours after it was built); null while pending or failed. */
  expiresAt: z.iso.datetime().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The latest export the seller asked for, or null when none was ever asked for. */
export const dataExportResponseSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportResponse = z.infer<typeof dataExportResponseSchema>;

/** The files of the ZIP, in the order they are written. */
export const dataExportFiles = [
  'profile.json',
  'settlement.json',
  'products.json',
  'sales.csv',
  'refunds.csv',
  'payouts.csv',
  'ledger.csv',
  'activity.csv',
] as const;
