import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  CreateDeliveryResponse,
  createDeliveryBodySchema,
} from '@seller/contract/internal/create-delivery';
import type { SaleDetail } from '@seller/contract/sales/get-sale';
import type { SaleEvidence } from '@seller/contract/sales/get-sale-evidence';
import type { EvidenceSheetLanguage } from '@seller/contract/sales/get-sale-evidence-pdf';
import type { ResetSaleDownloadsResponse } from '@seller/contract/sales/reset-sale-downloads';
import type { z } from 'zod';
import type { ProductFileVersionRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { PdfWorker, StampedCopy } from '../../lib/pdf/pdf-worker.ts';
import { sha256Of } from '../../lib/sha256.ts';
import { storedUserAgent } from '../../lib/user-agent.ts';
import type { Storage } from '../../storage/storage.ts';
import { saleRowToTransaction } from '../sales/sales.service.ts';
import type { DeliveryRepository, DeliveryTarget } from './deliveries.repository.ts';
import { networkPrefix } from './network-prefix.ts';

export type DeliveryInput = z.output<typeof createDeliveryBodySchema>;

/**
 * The evidence sheet's PDF. Its module (pdfkit, the fonts' reader) loads with the first sheet
 * asked for, not with the server: most servers start and answer many calls without one.
 */
async function renderEvidenceSheet(
  sheet: SaleEvidence,
  language: EvidenceSheetLanguage,
): Promise<Buffer> {
  const { renderEvidencePdf } = await import('./evidence-pdf.ts');
  return renderEvidencePdf(sheet, language);
}

/**
 * The storage operations deliveries need: a short-lived download URL of a private file, and
 * reading a file and writing its stamped copy.
 */
export type DeliveryStorage = Pick<
  Storage,
  'presignGet' | 'read' | 'readPieces' | 'put' | 'delete'
>;

/** What a delivery serves: the version's own object, or the buyer's stamped copy of it. */
interface ServedObject {
  key: string;
  sha256: string;
  size: number;
  stamped: boolean;
}

const pdfType = 'application/pdf';

const stampUnavailable = () =>
  new AppError(
    'stamp_unavailable',
    "The buyer's stamped copy cannot be made now; the original is never served instead",
  );

/** The text stamped on every page of a buyer's copy. */
export const stampText = (email: string, orderId: string) => `${email} · ${orderId}`;

const saleNotFound = () => notFound('Sale');

/**
 * Buyer delivery (docs/product-rules.md, Buyer delivery): the member site asks for a link to one
 * of the product's files for an order; each link counts one download of that file for that
 * order, up to the product's `download_limit` (0 = unlimited), until the seller resets the
 * sale's downloads. The seller reads a sale with its refunds and deliveries.
 */
export function createDeliveryService(deps: {
  deliveries: DeliveryRepository;
  storage: DeliveryStorage;
  /** Makes stamped copies, one at a time per process. */
  pdf: Pick<PdfWorker, 'stamp'>;
  /** Told why a stamped copy could not be made (the answer is 503 `stamp_unavailable`). */
  onStampFailure?: (error: unknown) => void;
  /** How long a link works (DELIVERY_LINK_TTL_SECONDS). */
  linkTtlSeconds: number;
  /** Where a relative link of the local driver is reached from outside (the app's address). */
  publicUrl: string;
  /**
   * The country of a buyer's address (GEOIP_COUNTRY_FILE), null when unknown; without it
   * every country is unknown.
   */
  countryOf?: (ip: string) => string | null;
  /**
   * How long a copy waits for the one before it at most: a store that hangs holds the copies
   * after it that long, not for good (default: two minutes, the PDF thread's own limit).
   */
  copyWaitLimitMs?: number;
  now?: () => Date;
}) {
  const { deliveries, storage, pdf, linkTtlSeconds, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const countryOf = deps.countryOf ?? (() => null);
  /** Copies being made, by sale and version: two asks at once make one copy. */
  const making = new Map<string, Promise<ServedObject>>();
  /**
   * Copies are made one after the other, each stamped, hashed and stored before the next
   * source is read: the PDF thread works one at a time anyway, and a burst of buyers holds one
   * source and one copy in memory, not a copy being stored beside the next source.
   */
  let copyTurn: Promise<unknown> = Promise.resolve();
  const copyWaitLimitMs = deps.copyWaitLimitMs ?? 120_000;

  async function bytesOf(key: string): Promise<Uint8Array> {
    const bytes = await storage.read(key);
    if (!bytes) throw new Error(`the stored object ${key} is missing`);
    return bytes;
  }

  /** The version's own object; its hash is computed at its first delivery and kept. */
  async function original(version: ProductFileVersionRow): Promise<ServedObject> {
    let { sha256 } = version;
    if (sha256 === null) {
      const pieces = await storage.readPieces(version.storageKey);
      if (!pieces) throw new Error(`the stored object ${version.storageKey} is missing`);
      sha256 = await sha256Of(pieces);
      await deliveries.setVersionSha256(version.id, sha256);
    }
    return { key: version.storageKey, sha256, size: version.size, stamped: false };
  }

  /** Makes the buyer's stamped copy of the version, stores and records it. */
  async function makeStampedCopy(
    target: DeliveryTarget,
    version: ProductFileVersionRow,
    orderId: string,
  ): Promise<ServedObject> {
    let stamped: StampedCopy;
    try {
      // Read when the PDF thread is free for it: buyers waiting their turn hold no file.
      stamped = await pdf.stamp(
        () => bytesOf(version.storageKey),
        stampText(target.customerEmail, orderId),
      );
    } catch (error) {
      deps.onStampFailure?.(error);
      throw stampUnavailable();
    }
    // A key of its own: another server copy stamping the same order at once (each copy's bytes
    // differ) never writes over the copy that is recorded, whose hash the evidence keeps.
    const key = `sellers/${target.sellerId}/stamped/${target.saleId}/${version.id}-${randomUUID()}.pdf`;
    await storage.put(key, stamped.bytes, { contentType: pdfType });
    const saved = await deliveries.saveStampedCopy({
      saleId: target.saleId,
      versionId: version.id,
      storageKey: key,
      sha256: stamped.sha256,
      size: stamped.bytes.byteLength,
    });
    if (saved.storageKey !== key) await storage.delete(key).catch(() => undefined);
    return { key: saved.storageKey, sha256: saved.sha256, size: saved.size, stamped: true };
  }

  /** The buyer's stamped copy: the one made before, or a new one. */
  async function stampedCopy(
    target: DeliveryTarget,
    version: ProductFileVersionRow,
    orderId: string,
  ): Promise<ServedObject> {
    const existing = await deliveries.findStampedCopy(target.saleId, version.id);
    if (existing) {
      return {
        key: existing.storageKey,
        sha256: existing.sha256,
        size: existing.size,
        stamped: true,
      };
    }
    const id = `${target.saleId}/${version.id}`;
    const pending = making.get(id);
    if (pending) return pending;
    const made = copyTurn
      .then(() => makeStampedCopy(target, version, orderId))
      .finally(() => making.delete(id));
    copyTurn = Promise.race([
      made.catch(() => undefined),
      sleep(copyWaitLimitMs, undefined, { ref: false }),
    ]);
    making.set(id, made);
    return made;
  }

  const service = {
    async deliver(input: DeliveryInput): Promise<CreateDeliveryResponse> {
      if (!isUuid(input.fileId)) throw notFound('File');
      const target = await deliveries.findTarget(input.orderId, input.fileId);
      if (!target) throw notFound('Order');
      if (target.refunded) {
        throw new AppError('sale_refunded', 'This sale was refunded: it is not delivered');
      }
      const { version } = target;
      if (!version) throw notFound('File');
      const served =
        target.pdfStamp && version.contentType === pdfType
          ? await stampedCopy(target, version, input.orderId)
          : await original(version);
      const at = now();
      // Whole seconds, as both stores count a link's life: `expiresAt` is exactly when it ends.
      const signedAt = new Date(Math.floor(at.getTime() / 1000) * 1000);
      const expiresAt = new Date(signedAt.getTime() + linkTtlSeconds * 1000);
      const outcome = await deliveries.deliver({
        orderId: input.orderId,
        fileId: input.fileId,
        at,
        expiresAt,
        versionId: version.id,
        version: version.number,
        sha256: served.sha256,
        servedSize: served.size,
        stamped: served.stamped,
        // From the operator's file when there is one; unknown (never guessed) otherwise.
        country: input.buyer ? countryOf(input.buyer.ip) : null,
        networkPrefix: input.buyer ? networkPrefix(input.buyer.ip) : null,
        userAgent: input.buyer ? storedUserAgent(input.buyer.userAgent) : null,
      });
      switch (outcome.kind) {
        case 'unknown_order':
          throw notFound('Order');
        case 'unknown_file':
          throw notFound('File');
        case 'refunded':
          throw new AppError('sale_refunded', 'This sale was refunded: it is not delivered');
        case 'limit_reached':
          throw new AppError(
            'download_limit_reached',
            `This file was downloaded ${outcome.limit} times for this order, the most its product allows`,
          );
        case 'delivered':
          break;
      }
      const { file } = outcome;
      const url = await storage.presignGet(served.key, {
        fileName: version.originalName,
        contentType: version.contentType,
        expiresInSeconds: linkTtlSeconds,
        signedAt,
      });
      return {
        delivery: {
          id: outcome.deliveryId,
          orderId: input.orderId,
          fileId: file.id,
          fileName: version.originalName,
          size: served.size,
          version: version.number,
          stamped: served.stamped,
          // The local store's links are paths on this server: the buyer needs its address too.
          downloadUrl: new URL(url, publicUrl).href,
          expiresAt: expiresAt.toISOString(),
          downloadsUsed: outcome.used,
          downloadsLimit: outcome.limit === 0 ? null : outcome.limit,
        },
      };
    },

    async sale(sellerId: string, saleId: string): Promise<SaleDetail> {
      if (!isUuid(saleId)) throw saleNotFound();
      const found = await deliveries.findSale(sellerId, saleId);
      if (!found) throw saleNotFound();
      const [refunds, given] = await Promise.all([
        deliveries.refundsOf(saleId),
        deliveries.deliveriesOf(saleId),
      ]);
      return {
        sale: saleRowToTransaction(found.sale, found.productTitle),
        buyer: {
          customerId: found.customerId,
          email: found.sale.customerEmail,
          name: found.sale.buyerName,
          country: found.sale.buyerCountry,
          locale: found.sale.buyerLocale,
          marketingConsent: found.sale.marketingConsent,
          source: found.sale.source,
          utmSource: found.sale.utmSource,
          utmMedium: found.sale.utmMedium,
          utmCampaign: found.sale.utmCampaign,
        },
        refunds: refunds.map((refund) => ({
          refundId: refund.refundId,
          kind: refund.kind,
          amount: refund.amount,
          commissionReturned: refund.commissionReturned,
          netAmount: refund.netAmount,
          reason: refund.reason,
          refundedAt: refund.refundedAt.toISOString(),
        })),
        deliveries: given.map((delivery) => ({
          id: delivery.id,
          fileId: delivery.fileId,
          fileName: delivery.fileName,
          createdAt: delivery.createdAt.toISOString(),
        })),
      };
    },

    /**
     * The sale's delivery evidence: the order, the buyer, the samples offered, every delivery
     * (oldest first) with its version, hash and the buyer's network, the files never given,
     * the refunds, and the sheet's own hash over all of it.
     */
    async evidence(sellerId: string, saleId: string): Promise<SaleEvidence> {
      if (!isUuid(saleId)) throw saleNotFound();
      const found = await deliveries.findSale(sellerId, saleId);
      if (!found) throw saleNotFound();
      const { sale } = found;
      const [refunds, given, facts] = await Promise.all([
        deliveries.refundsOf(saleId),
        deliveries.deliveriesOf(saleId),
        deliveries.evidenceFacts(sellerId, sale.productId),
      ]);
      const oldestFirst = [...given].reverse();
      const delivered = new Set(oldestFirst.map((delivery) => delivery.fileId));
      const body: Omit<SaleEvidence, 'sheet'> = {
        seller: { id: sellerId, nickname: facts.nickname },
        order: {
          purchaseId: sale.id,
          orderId: sale.orderId,
          productId: sale.productId,
          productTitle: found.productTitle,
          amount: sale.amount,
          paymentMethod: sale.paymentMethod,
          purchasedAt: sale.purchasedAt.toISOString(),
        },
        buyer: { email: sale.customerEmail },
        samplesOffered: facts.files.flatMap((file): SaleEvidence['samplesOffered'] => {
          if (file.isSample) {
            return [
              {
                fileId: file.id,
                fileName: file.name,
                kind: 'file' as const,
                pages: file.pageCount,
              },
            ];
          }
          if (file.samplePages > 0) {
            return [
              {
                fileId: file.id,
                fileName: file.name,
                kind: 'pdf_pages' as const,
                pages: file.samplePages,
              },
            ];
          }
          return [];
        }),
        deliveries: oldestFirst.map((delivery) => ({
          at: delivery.createdAt.toISOString(),
          fileId: delivery.fileId,
          fileName: delivery.fileName,
          version: delivery.version,
          sha256: delivery.sha256,
          size: delivery.size,
          stamped: delivery.stamped,
          country: delivery.country,
          networkPrefix: delivery.networkPrefix,
          userAgent: delivery.userAgent,
        })),
        summary: {
          firstDeliveryAt: oldestFirst[0]?.createdAt.toISOString() ?? null,
          filesNeverDownloaded: facts.files
            .filter((file) => !delivered.has(file.id))
            .map((file) => ({ fileId: file.id, fileName: file.name })),
          refunds: refunds.map((refund) => ({
            refundId: refund.refundId,
            kind: refund.kind,
            amount: refund.amount,
            reason: refund.reason,
            refundedAt: refund.refundedAt.toISOString(),
          })),
        },
      };
      const sheet = { id: randomUUID(), generatedAt: now().toISOString() };
      const sha256 = await sha256Of(new TextEncoder().encode(JSON.stringify({ sheet, ...body })));
      return { sheet: { ...sheet, sha256 }, ...body };
    },

    /**
     * The evidence sheet as a printable PDF in Korean, Chinese or English, named after the
     * order; another seller's sale is a 404 like the JSON sheet.
     */
    async evidencePdf(
      sellerId: string,
      saleId: string,
      language: EvidenceSheetLanguage,
    ): Promise<{ fileName: string; bytes: Buffer }> {
      const sheet = await service.evidence(sellerId, saleId);
      const safeOrderId = sheet.order.orderId.replace(/[^A-Za-z0-9._-]/g, '_');
      return {
        fileName: `evidence-${safeOrderId}.pdf`,
        bytes: await renderEvidenceSheet(sheet, language),
      };
    },

    async resetDownloads(sellerId: string, saleId: string): Promise<ResetSaleDownloadsResponse> {
      if (!isUuid(saleId)) throw saleNotFound();
      const reset = await deliveries.resetDownloads(sellerId, saleId);
      if (!reset) throw saleNotFound();
      return { sale: saleRowToTransaction(reset.sale, reset.productTitle) };
    },
  };
  return service;
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
