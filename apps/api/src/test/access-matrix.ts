import { randomUUID } from 'node:crypto';
import type { SellerFixture } from './seller-fixtures.ts';

/**
 * Who may call each registered route, and for every route that names a resource (a path
 * parameter, a signed token, or ids in the body) how to aim it at another seller's resource
 * and at a missing one. `access-matrix.test.ts` fails when a registered route has no entry
 * here, or when an entry names a route that no longer exists.
 */

export interface MatrixRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Sent as the other seller (default) or with no credentials at all. */
  as?: 'other' | 'anonymous';
}

export interface MatrixWorld {
  /** Owns the resources aimed at. */
  owner: SellerFixture;
  /** Makes the requests. */
  other: SellerFixture;
}

export interface OwnershipCase {
  name: string;
  /**
   * `theirs` aims at the owner's resource, `missing` at one that does not exist; the answers
   * must be identical (status and body, or status only where the body names the path).
   */
  build(world: MatrixWorld): { theirs: MatrixRequest; missing: MatrixRequest };
  compare?: 'status-and-body' | 'status';
}

export type PublicKind =
  | 'account'
  | 'health'
  | 'docs'
  | 'web-app'
  | 'storage-signed-url'
  | 'storage-public-image'
  | 'internal-signed'
  | 'catalog'
  | 'buyer-link';

export type MatrixEntry =
  | {
      access: 'public';
      kind: PublicKind;
      why: string;
      ownership?: OwnershipCase[];
    }
  | {
      access: 'seller';
      /** How the route is aimed at another seller's resource; required when it takes ids. */
      ownership?: OwnershipCase[];
      /** Why the route names no resource of its own (it acts on the signed-in seller only). */
      ownScope?: string;
    };

/** The session (`sid`) a session token belongs to. */
const sessionIdOf = (token: string): string => {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).sid as string;
};

const missingKey = (owner: SellerFixture, extension: string) =>
  `sellers/${owner.id}/${randomUUID()}.${extension}`;

/** A local-driver token whose payload is changed but whose MAC is kept (a forgery). */
export function forgeToken(path: string, change: (grant: Record<string, unknown>) => void) {
  const [prefix, token = ''] = path.split(/(?<=\/storage\/(?:upload|download)\/)/);
  const [payload = '', mac = ''] = token.split('.');
  const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  change(grant);
  return `${prefix}${Buffer.from(JSON.stringify(grant)).toString('base64url')}.${mac}`;
}

const garbageToken = () =>
  `${Buffer.from(JSON.stringify({ op: 'get', key: `sellers/${randomUUID()}/x.pdf`, exp: 4102444800 })).toString('base64url')}.${Buffer.from(randomUUID()).toString('base64url')}`;

const productUrl = (id: string) => `/api/products/${id}`;
const ownProduct = 'acts on the signed-in seller only';

const productIdCases = (
  method: MatrixRequest['method'],
  payload?: (world: MatrixWorld) => unknown,
): OwnershipCase[] => [
  {
    name: "another seller's product id",
    build: (world) => ({
      theirs: {
        method,
        url: productUrl(world.owner.product.product.id),
        payload: payload?.(world),
      },
      missing: { method, url: productUrl(randomUUID()), payload: payload?.(world) },
    }),
  },
  {
    name: 'a malformed id answers like a missing one',
    build: (world) => ({
      theirs: { method, url: productUrl('not-a-uuid'), payload: payload?.(world) },
      missing: { method, url: productUrl(randomUUID()), payload: payload?.(world) },
    }),
  },
];

/** A product file in the path (`/api/products/{id}/files/{fileId}<suffix>`). */
const productFileCases = (
  method: MatrixRequest['method'],
  suffix: string,
  payload?: (world: MatrixWorld) => unknown,
): OwnershipCase[] => {
  const fileUrl = (productId: string, fileId: string) =>
    `${productUrl(productId)}/files/${fileId}${suffix}`;
  return [
    {
      name: "another seller's product and file",
      build: (world) => ({
        theirs: {
          method,
          url: fileUrl(world.owner.product.product.id, world.owner.product.files[0]?.id ?? ''),
          payload: payload?.(world),
        },
        missing: { method, url: fileUrl(randomUUID(), randomUUID()), payload: payload?.(world) },
      }),
    },
    {
      name: "own product, another seller's file id",
      build: (world) => ({
        theirs: {
          method,
          url: fileUrl(world.other.product.product.id, world.owner.product.files[0]?.id ?? ''),
          payload: payload?.(world),
        },
        missing: {
          method,
          url: fileUrl(world.other.product.product.id, randomUUID()),
          payload: payload?.(world),
        },
      }),
    },
    {
      name: 'malformed ids answer like missing ones',
      build: (world) => ({
        theirs: {
          method,
          url: fileUrl('not-a-uuid', 'not-a-uuid'),
          payload: payload?.(world),
        },
        missing: { method, url: fileUrl(randomUUID(), randomUUID()), payload: payload?.(world) },
      }),
    },
  ];
};

const payoutIdCases = (suffix: string): OwnershipCase[] => [
  {
    name: "another seller's payout",
    build: (world) => ({
      theirs: { method: 'GET', url: `/api/payouts/${world.owner.payoutId}${suffix}` },
      missing: { method: 'GET', url: `/api/payouts/${randomUUID()}${suffix}` },
    }),
  },
  {
    name: 'a malformed id answers like a missing one',
    build: () => ({
      theirs: { method: 'GET', url: `/api/payouts/not-a-uuid${suffix}` },
      missing: { method: 'GET', url: `/api/payouts/${randomUUID()}${suffix}` },
    }),
  },
];

const discountIdCases = (
  method: MatrixRequest['method'],
  suffix: string,
  payload?: () => unknown,
): OwnershipCase[] => [
  {
    name: "another seller's discount",
    build: (world) => ({
      theirs: {
        method,
        url: `/api/discounts/${world.owner.discountId}${suffix}`,
        payload: payload?.(),
      },
      missing: { method, url: `/api/discounts/${randomUUID()}${suffix}`, payload: payload?.() },
    }),
  },
  {
    name: 'a malformed id answers like a missing one',
    build: () => ({
      theirs: { method, url: `/api/discounts/not-a-uuid${suffix}`, payload: payload?.() },
      missing: { method, url: `/api/discounts/${randomUUID()}${suffix}`, payload: payload?.() },
    }),
  },
];

const saleIdCases = (method: 'GET' | 'POST', suffix: string): OwnershipCase[] => [
  {
    name: "another seller's sale",
    build: (world) => ({
      theirs: { method, url: `/api/products/sales/${world.owner.purchaseId}${suffix}` },
      missing: { method, url: `/api/products/sales/${randomUUID()}${suffix}` },
    }),
  },
  {
    name: 'a malformed id answers like a missing one',
    build: () => ({
      theirs: { method, url: `/api/products/sales/not-a-uuid${suffix}` },
      missing: { method, url: `/api/products/sales/${randomUUID()}${suffix}` },
    }),
  },
];

const multipartCases = (url: string, extra: (world: MatrixWorld) => object): OwnershipCase[] => [
  {
    name: "another seller's multipart upload",
    build: (world) => ({
      theirs: {
        method: 'POST',
        url,
        payload: { ...world.owner.multipart, ...extra(world) },
      },
      missing: {
        method: 'POST',
        url,
        payload: {
          s3Key: missingKey(world.owner, 'zip'),
          uploadId: randomUUID().replaceAll('-', ''),
          ...extra(world),
        },
      },
    }),
  },
  {
    name: "own key with another seller's upload id",
    build: (world) => ({
      theirs: {
        method: 'POST',
        url,
        payload: {
          s3Key: world.other.multipart.s3Key,
          uploadId: world.owner.multipart.uploadId,
          ...extra(world),
        },
      },
      missing: {
        method: 'POST',
        url,
        payload: {
          s3Key: world.other.multipart.s3Key,
          uploadId: randomUUID().replaceAll('-', ''),
          ...extra(world),
        },
      },
    }),
  },
];

export const accessMatrix: Record<string, MatrixEntry> = {
  // ---- public --------------------------------------------------------------------------
  'GET /api/health': { access: 'public', kind: 'health', why: 'load balancer probe' },
  'POST /api/auth/signup': { access: 'public', kind: 'account', why: 'creates the account' },
  'POST /api/auth/login': { access: 'public', kind: 'account', why: 'issues the token' },
  'POST /api/auth/login/2fa': {
    access: 'public',
    kind: 'account',
    why: 'the second sign-in step, proven by its challenge',
  },
  'POST /api/auth/forgot-password': {
    access: 'public',
    kind: 'account',
    why: 'mails a reset link to the address, whoever asks',
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    kind: 'account',
    why: 'proven by the reset token',
  },
  'POST /api/auth/email-change/confirm': {
    access: 'public',
    kind: 'account',
    why: 'proven by the token of the link mailed to the new address',
  },
  'GET /api/docs': { access: 'public', kind: 'docs', why: 'OpenAPI browser' },
  'GET /api/docs/json': { access: 'public', kind: 'docs', why: 'OpenAPI document' },
  'GET /api/docs/yaml': { access: 'public', kind: 'docs', why: 'OpenAPI document' },
  'GET /api/docs/static/index.html': { access: 'public', kind: 'docs', why: 'OpenAPI browser' },
  'GET /api/docs/static/swagger-initializer.js': {
    access: 'public',
    kind: 'docs',
    why: 'OpenAPI browser',
  },
  'GET /api/docs/static/*': {
    access: 'public',
    kind: 'docs',
    why: 'assets of the OpenAPI browser',
    ownership: [
      {
        name: 'a path outside the assets answers like a missing asset',
        compare: 'status',
        build: () => ({
          theirs: {
            method: 'GET',
            url: '/api/docs/static/%2e%2e/%2e%2e/%2e%2e/package.json',
            as: 'anonymous',
          },
          missing: { method: 'GET', url: '/api/docs/static/no-such-asset.js', as: 'anonymous' },
        }),
      },
    ],
  },
  'GET /*': {
    access: 'public',
    kind: 'web-app',
    why: 'the built web app: its files, and index.html for client-side routes (plugins/web-app.test.ts)',
    ownership: [
      {
        name: 'a path outside the web app answers like a missing file',
        compare: 'status',
        build: () => ({
          theirs: { method: 'GET', url: '/%2e%2e/%2e%2e/%2e%2e/package.json', as: 'anonymous' },
          missing: { method: 'GET', url: '/assets/no-such-asset.js', as: 'anonymous' },
        }),
      },
    ],
  },
  'PUT /storage/upload/*': {
    access: 'public',
    kind: 'storage-signed-url',
    why: 'the signed URL is the credential (local driver)',
    ownership: [
      {
        name: "a signed upload URL re-aimed at another seller's key",
        build: (world) => ({
          theirs: {
            method: 'PUT',
            url: forgeToken(
              new URL(world.other.pendingUpload.uploadUrl, 'http://x').pathname,
              (grant) => {
                grant.key = world.owner.freeFile.s3Key;
              },
            ),
            headers: { 'content-type': 'application/pdf' },
            payload: Buffer.alloc(1234),
            as: 'anonymous',
          },
          missing: {
            method: 'PUT',
            url: `/storage/upload/${garbageToken()}`,
            headers: { 'content-type': 'application/pdf' },
            payload: Buffer.alloc(1234),
            as: 'anonymous',
          },
        }),
      },
    ],
  },
  'GET /storage/download/*': {
    access: 'public',
    kind: 'storage-signed-url',
    why: 'the signed URL is the credential (local driver)',
    ownership: [
      {
        name: "a signed download URL re-aimed at another seller's file",
        build: (world) => ({
          theirs: {
            method: 'GET',
            url: forgeToken(world.other.downloadPath, (grant) => {
              grant.key = world.owner.freeFile.s3Key;
            }),
            as: 'anonymous',
          },
          missing: { method: 'GET', url: `/storage/download/${garbageToken()}`, as: 'anonymous' },
        }),
      },
    ],
  },
  'GET /storage/public/*': {
    access: 'public',
    kind: 'storage-public-image',
    why: 'thumbnails and avatars are public images',
    ownership: [
      {
        name: "another seller's private product file through the public path",
        build: (world) => ({
          theirs: {
            method: 'GET',
            url: `/storage/public/${world.owner.freeFile.s3Key}`,
            as: 'anonymous',
          },
          missing: {
            method: 'GET',
            url: `/storage/public/${missingKey(world.owner, 'pdf')}`,
            as: 'anonymous',
          },
        }),
      },
      {
        name: 'a path escaping the storage root',
        build: (world) => ({
          theirs: {
            method: 'GET',
            url: '/storage/public/..%2F..%2Fjwt-secret.png',
            as: 'anonymous',
          },
          missing: {
            method: 'GET',
            url: `/storage/public/${missingKey(world.owner, 'png')}`,
            as: 'anonymous',
          },
        }),
      },
    ],
  },
  'GET /api/public/sellers/:nickname': {
    access: 'public',
    kind: 'catalog',
    why: "the member site's creator pages: public by design, active products and public fields only",
    ownership: [
      {
        name: "a seller's id or email does not open their creator page",
        build: (world) => ({
          theirs: { method: 'GET', url: `/api/public/sellers/${world.owner.id}` },
          missing: { method: 'GET', url: `/api/public/sellers/${randomUUID()}` },
        }),
      },
    ],
  },
  'GET /api/public/sellers/:nickname/products/:productId': {
    access: 'public',
    kind: 'catalog',
    why: "the member site's product pages: public by design, active products and public fields only",
    ownership: [
      {
        name: "another seller's product under one's own nickname",
        build: (world) => ({
          theirs: {
            method: 'GET',
            url: `/api/public/sellers/${world.other.nickname}/products/${world.owner.product.product.id}`,
          },
          missing: {
            method: 'GET',
            url: `/api/public/sellers/${world.other.nickname}/products/${randomUUID()}`,
          },
        }),
      },
    ],
  },
  'GET /api/public/samples/:sampleId/:kind': {
    access: 'public',
    kind: 'catalog',
    why: "samples the catalog lists: public by design, only a file's newest version while it is offered",
    ownership: [
      {
        name: "a seller's file that is not offered as a sample",
        build: (world) => ({
          theirs: {
            method: 'GET',
            url: `/api/public/samples/${world.owner.product.files[0]?.id}/file`,
            as: 'anonymous',
          },
          missing: {
            method: 'GET',
            url: `/api/public/samples/${randomUUID()}/file`,
            as: 'anonymous',
          },
        }),
      },
    ],
  },
  'PUT /api/internal/exchange-rate': {
    access: 'public',
    kind: 'internal-signed',
    why: 'member site, HMAC-signed (X-Signature)',
  },
  'POST /api/internal/purchases': {
    access: 'public',
    kind: 'internal-signed',
    why: 'member site, HMAC-signed (X-Signature)',
  },
  'POST /api/internal/discounts/validate': {
    access: 'public',
    kind: 'internal-signed',
    why: 'member site, HMAC-signed (X-Signature)',
  },
  'POST /api/internal/discounts/redeem': {
    access: 'public',
    kind: 'internal-signed',
    why: 'member site, HMAC-signed (X-Signature)',
  },
  'DELETE /api/internal/discounts/redemptions/:orderId': {
    access: 'public',
    kind: 'internal-signed',
    why: 'member site, HMAC-signed; without a signature an order that exists answers like a missing one',
    ownership: [
      {
        name: 'unsigned: an existing order answers like a missing one',
        build: (world) => ({
          theirs: {
            method: 'DELETE',
            url: `/api/internal/discounts/redemptions/${world.owner.purchaseOrderId}`,
            as: 'anonymous',
          },
          missing: {
            method: 'DELETE',
            url: `/api/internal/discounts/redemptions/order-${randomUUID()}`,
            as: 'anonymous',
          },
        }),
      },
    ],
  },
  'POST /api/internal/payouts': {
    access: 'public',
    kind: 'internal-signed',
    why: 'operator, HMAC-signed (X-Signature)',
  },
  'POST /api/internal/payouts/due': {
    access: 'public',
    kind: 'internal-signed',
    why: 'operator, HMAC-signed (X-Signature)',
  },
  'POST /api/internal/views': {
    access: 'public',
    kind: 'internal-signed',
    why: 'member site, HMAC-signed (X-Signature)',
  },
  'POST /api/internal/refunds': {
    access: 'public',
    kind: 'internal-signed',
    why: 'member site, HMAC-signed (X-Signature)',
  },
  'POST /api/internal/deliveries': {
    access: 'public',
    kind: 'internal-signed',
    why: 'member site, HMAC-signed (X-Signature)',
  },
  'POST /api/internal/consents': {
    access: 'public',
    kind: 'internal-signed',
    why: 'member site, HMAC-signed (X-Signature)',
  },
  'POST /api/internal/products/:id/views': {
    access: 'public',
    kind: 'internal-signed',
    why: 'member site, HMAC-signed; any product may be viewed, so without a signature an existing id must answer like a missing one',
    ownership: [
      {
        name: 'unsigned: an existing product answers like a missing one',
        build: (world) => ({
          theirs: {
            method: 'POST',
            url: `/api/internal/products/${world.owner.product.product.id}/views`,
            payload: { count: 5 },
            as: 'anonymous',
          },
          missing: {
            method: 'POST',
            url: `/api/internal/products/${randomUUID()}/views`,
            payload: { count: 5 },
            as: 'anonymous',
          },
        }),
      },
    ],
  },

  // ---- the signed-in seller's own account ------------------------------------------------
  'GET /api/auth/profile': { access: 'seller', ownScope: ownProduct },
  'PUT /api/auth/profile': { access: 'seller', ownScope: ownProduct },
  'POST /api/auth/change-password': { access: 'seller', ownScope: ownProduct },
  'POST /api/auth/logout': { access: 'seller', ownScope: ownProduct },
  'POST /api/auth/export': { access: 'seller', ownScope: ownProduct },
  'GET /api/auth/export': { access: 'seller', ownScope: ownProduct },
  'DELETE /api/auth/account': { access: 'seller', ownScope: ownProduct },
  'PUT /api/auth/language': { access: 'seller', ownScope: ownProduct },
  'GET /api/auth/notifications': { access: 'seller', ownScope: ownProduct },
  'PUT /api/auth/notifications': { access: 'seller', ownScope: ownProduct },
  'POST /api/auth/api-tokens': { access: 'seller', ownScope: ownProduct },
  'GET /api/auth/api-tokens': { access: 'seller', ownScope: ownProduct },
  'DELETE /api/auth/api-tokens/:id': {
    access: 'seller',
    ownership: [
      {
        name: "another seller's token",
        build: (world) => ({
          theirs: { method: 'DELETE', url: `/api/auth/api-tokens/${world.owner.apiToken.id}` },
          missing: { method: 'DELETE', url: `/api/auth/api-tokens/${randomUUID()}` },
        }),
      },
    ],
  },
  'GET /api/auth/sessions': { access: 'seller', ownScope: ownProduct },

  // ---- discount codes ---------------------------------------------------------------------
  'GET /api/discounts': { access: 'seller', ownScope: ownProduct },
  'POST /api/discounts': { access: 'seller', ownScope: ownProduct },
  'PUT /api/discounts/:id': {
    access: 'seller',
    ownership: discountIdCases('PUT', '', () => ({ code: 'TAKEN-OVER', kind: 'fixed', amount: 1 })),
  },
  'DELETE /api/discounts/:id': { access: 'seller', ownership: discountIdCases('DELETE', '') },
  'POST /api/discounts/:id/codes': {
    access: 'seller',
    ownership: discountIdCases('POST', '/codes', () => ({ count: 1 })),
  },
  'GET /api/discounts/:id/codes/export': {
    access: 'seller',
    ownership: discountIdCases('GET', '/codes/export'),
  },
  'POST /api/auth/sessions/revoke-others': { access: 'seller', ownScope: ownProduct },
  'DELETE /api/auth/sessions/:id': {
    access: 'seller',
    ownership: [
      {
        name: "another seller's session",
        build: (world) => ({
          theirs: {
            method: 'DELETE',
            url: `/api/auth/sessions/${sessionIdOf(world.owner.token)}`,
          },
          missing: { method: 'DELETE', url: `/api/auth/sessions/${randomUUID()}` },
        }),
      },
    ],
  },
  'GET /api/auth/activity': { access: 'seller', ownScope: ownProduct },
  'POST /api/auth/email-change': { access: 'seller', ownScope: ownProduct },
  'GET /api/webhook': { access: 'seller', ownScope: ownProduct },
  'PUT /api/webhook': { access: 'seller', ownScope: ownProduct },
  'DELETE /api/webhook': { access: 'seller', ownScope: ownProduct },
  'POST /api/webhook/rotate-secret': { access: 'seller', ownScope: ownProduct },
  'POST /api/webhook/test': { access: 'seller', ownScope: ownProduct },
  'GET /api/webhook/deliveries': { access: 'seller', ownScope: ownProduct },
  'GET /api/payouts/balance': { access: 'seller', ownScope: ownProduct },
  'GET /api/payouts/ledger': { access: 'seller', ownScope: ownProduct },
  'GET /api/payouts/ledger/export': { access: 'seller', ownScope: ownProduct },
  'GET /api/payouts': { access: 'seller', ownScope: ownProduct },
  'GET /api/payouts/:id': { access: 'seller', ownership: payoutIdCases('') },
  'GET /api/payouts/:id/statement.csv': {
    access: 'seller',
    ownership: payoutIdCases('/statement.csv'),
  },
  'POST /api/webhook/deliveries/:id/resend': {
    access: 'seller',
    ownership: [
      {
        name: "another seller's delivery",
        build: (world) => ({
          theirs: {
            method: 'POST',
            url: `/api/webhook/deliveries/${world.owner.webhookDeliveryId}/resend`,
          },
          missing: { method: 'POST', url: `/api/webhook/deliveries/${randomUUID()}/resend` },
        }),
      },
    ],
  },
  'POST /api/auth/2fa/setup': { access: 'seller', ownScope: ownProduct },
  'POST /api/auth/2fa/enable': { access: 'seller', ownScope: ownProduct },
  'POST /api/auth/2fa/disable': { access: 'seller', ownScope: ownProduct },
  'POST /api/auth/2fa/recovery-codes': { access: 'seller', ownScope: ownProduct },
  'GET /api/auth/settlement-info': { access: 'seller', ownScope: ownProduct },
  'PUT /api/auth/settlement-info': { access: 'seller', ownScope: ownProduct },
  'POST /api/auth/avatar-upload-url': {
    access: 'seller',
    ownScope: 'issues a new key under the seller',
  },
  'POST /api/products/get-upload-url': {
    access: 'seller',
    ownScope: 'issues a new key under the seller',
  },
  'POST /api/products/start-multipart-upload': {
    access: 'seller',
    ownScope: 'issues a new key under the seller',
  },
  'GET /api/products/my-products': { access: 'seller', ownScope: ownProduct },
  'GET /api/products/stats/products': { access: 'seller', ownScope: ownProduct },
  'GET /api/products/exchange-rate/latest': { access: 'seller', ownScope: 'shared rate' },
  'GET /api/products/stats/sales': { access: 'seller', ownScope: ownProduct },
  'GET /api/products/sales/transactions': { access: 'seller', ownScope: ownProduct },
  'GET /api/products/stats/sales/daily': { access: 'seller', ownScope: ownProduct },
  'GET /api/products/stats/sales/by-product': { access: 'seller', ownScope: ownProduct },
  'GET /api/products/sales/export': { access: 'seller', ownScope: ownProduct },
  'GET /api/customers': { access: 'seller', ownScope: ownProduct },
  'GET /api/customers/export': { access: 'seller', ownScope: ownProduct },
  'GET /api/customers/broadcasts': { access: 'seller', ownScope: ownProduct },
  'POST /api/customers/broadcasts': {
    access: 'seller',
    ownership: [
      {
        name: "another seller's product in a mail to buyers",
        build: (world) => {
          const payload = (productId: string) => ({
            kind: 'product_update',
            productIds: [productId],
            subject: 'News',
            body: 'A new chapter.',
          });
          return {
            theirs: {
              method: 'POST',
              url: '/api/customers/broadcasts',
              payload: payload(world.owner.product.product.id),
            },
            missing: {
              method: 'POST',
              url: '/api/customers/broadcasts',
              payload: payload(randomUUID()),
            },
          };
        },
      },
    ],
  },
  'POST /api/public/unsubscribe/:token': {
    access: 'public',
    kind: 'buyer-link',
    why: "the one-click unsubscribe of a buyer's mail, proven by its unguessable token",
    ownership: [
      {
        name: "a buyer's customer id is not their unsubscribe token",
        build: (world) => ({
          theirs: {
            method: 'POST',
            url: `/api/public/unsubscribe/${world.owner.customerId}`,
            as: 'anonymous',
          },
          missing: {
            method: 'POST',
            url: `/api/public/unsubscribe/${randomUUID()}`,
            as: 'anonymous',
          },
        }),
      },
    ],
  },
  'GET /api/customers/:id': {
    access: 'seller',
    ownership: [
      {
        name: "another seller's customer",
        build: (world) => ({
          theirs: { method: 'GET', url: `/api/customers/${world.owner.customerId}` },
          missing: { method: 'GET', url: `/api/customers/${randomUUID()}` },
        }),
      },
      {
        name: 'a malformed id answers like a missing one',
        build: () => ({
          theirs: { method: 'GET', url: '/api/customers/not-a-uuid' },
          missing: { method: 'GET', url: `/api/customers/${randomUUID()}` },
        }),
      },
    ],
  },
  'GET /api/products/sales/:purchaseId': { access: 'seller', ownership: saleIdCases('GET', '') },
  'GET /api/products/sales/:purchaseId/evidence': {
    access: 'seller',
    ownership: saleIdCases('GET', '/evidence'),
  },
  'GET /api/products/sales/:purchaseId/evidence.pdf': {
    access: 'seller',
    ownership: saleIdCases('GET', '/evidence.pdf'),
  },
  'POST /api/products/sales/:purchaseId/reset-downloads': {
    access: 'seller',
    ownership: saleIdCases('POST', '/reset-downloads'),
  },
  'GET /api/products/stats/sales/overview': { access: 'seller', ownScope: ownProduct },
  'GET /api/dashboard/getting-started': { access: 'seller', ownScope: ownProduct },
  'GET /api/analytics/conversion': {
    access: 'seller',
    ownership: [
      {
        name: "another seller's product",
        build: (world) => ({
          theirs: {
            method: 'GET',
            url: `/api/analytics/conversion?productId=${world.owner.product.product.id}`,
          },
          missing: { method: 'GET', url: `/api/analytics/conversion?productId=${randomUUID()}` },
        }),
      },
    ],
  },
  'PUT /api/dashboard/getting-started': { access: 'seller', ownScope: ownProduct },

  // ---- routes that name a resource ------------------------------------------------------
  'GET /api/products/:id': { access: 'seller', ownership: productIdCases('GET') },
  'PUT /api/products/:id': {
    access: 'seller',
    ownership: [
      ...productIdCases('PUT', () => ({ title: 'taken over', status: 'inactive' })),
      {
        name: "another seller's product, adding the caller's own upload",
        build: (world) => ({
          theirs: {
            method: 'PUT',
            url: productUrl(world.owner.product.product.id),
            payload: { title: 'x', newFiles: [{ s3Key: world.other.freeFile.s3Key }] },
          },
          missing: {
            method: 'PUT',
            url: productUrl(randomUUID()),
            payload: { title: 'x', newFiles: [{ s3Key: world.other.freeFile.s3Key }] },
          },
        }),
      },
      {
        name: "own product, removing another seller's file and thumbnail ids",
        build: (world) => ({
          theirs: {
            method: 'PUT',
            url: productUrl(world.other.product.product.id),
            payload: {
              title: 'x',
              deletedFileIds: [world.owner.product.files[0]?.id],
              deletedThumbnailIds: [world.owner.product.thumbnails[0]?.id],
            },
          },
          missing: {
            method: 'PUT',
            url: productUrl(world.other.product.product.id),
            payload: {
              title: 'x',
              deletedFileIds: [randomUUID()],
              deletedThumbnailIds: [randomUUID()],
            },
          },
        }),
      },
      {
        name: "own product, attaching another seller's completed uploads",
        build: (world) => ({
          theirs: {
            method: 'PUT',
            url: productUrl(world.other.product.product.id),
            payload: {
              title: 'x',
              newFiles: [{ s3Key: world.owner.freeFile.s3Key }],
              newThumbnails: [{ s3Key: world.owner.freeImage.s3Key }],
            },
          },
          missing: {
            method: 'PUT',
            url: productUrl(world.other.product.product.id),
            payload: {
              title: 'x',
              newFiles: [{ s3Key: missingKey(world.owner, 'pdf') }],
              newThumbnails: [{ s3Key: missingKey(world.owner, 'png') }],
            },
          },
        }),
      },
    ],
  },
  'DELETE /api/products/:id': { access: 'seller', ownership: productIdCases('DELETE') },
  'GET /api/products/:id/download/:fileId': {
    access: 'seller',
    ownership: [
      {
        name: "another seller's product and file",
        build: (world) => ({
          theirs: {
            method: 'GET',
            url: `${productUrl(world.owner.product.product.id)}/download/${world.owner.product.files[0]?.id}`,
          },
          missing: {
            method: 'GET',
            url: `${productUrl(randomUUID())}/download/${randomUUID()}`,
          },
        }),
      },
      {
        name: "own product, another seller's file id",
        build: (world) => ({
          theirs: {
            method: 'GET',
            url: `${productUrl(world.other.product.product.id)}/download/${world.owner.product.files[0]?.id}`,
          },
          missing: {
            method: 'GET',
            url: `${productUrl(world.other.product.product.id)}/download/${randomUUID()}`,
          },
        }),
      },
    ],
  },
  'GET /api/products/:id/files/:fileId/versions': {
    access: 'seller',
    ownership: productFileCases('GET', '/versions'),
  },
  'POST /api/products/:id/files/:fileId/versions': {
    access: 'seller',
    ownership: [
      ...productFileCases('POST', '/versions', (world) => ({ s3Key: world.other.freeFile.s3Key })),
      {
        name: "own product and file, another seller's upload",
        build: (world) => ({
          theirs: {
            method: 'POST',
            url: `${productUrl(world.other.product.product.id)}/files/${world.other.product.files[0]?.id}/versions`,
            payload: { s3Key: world.owner.freeFile.s3Key },
          },
          missing: {
            method: 'POST',
            url: `${productUrl(world.other.product.product.id)}/files/${world.other.product.files[0]?.id}/versions`,
            payload: { s3Key: missingKey(world.owner, 'pdf') },
          },
        }),
      },
    ],
  },
  'PUT /api/products/:id/files/:fileId': {
    access: 'seller',
    ownership: productFileCases('PUT', '', () => ({ is_sample: true })),
  },
  'POST /api/products/create': {
    access: 'seller',
    ownership: [
      {
        name: "attaching another seller's completed file and image",
        build: (world) => ({
          theirs: {
            method: 'POST',
            url: '/api/products/create',
            payload: {
              title: 'Borrowed',
              price: 10,
              files: [{ s3Key: world.owner.freeFile.s3Key }],
              thumbnails: [{ s3Key: world.owner.freeImage.s3Key }],
            },
          },
          missing: {
            method: 'POST',
            url: '/api/products/create',
            payload: {
              title: 'Borrowed',
              price: 10,
              files: [{ s3Key: missingKey(world.owner, 'pdf') }],
              thumbnails: [{ s3Key: missingKey(world.owner, 'png') }],
            },
          },
        }),
      },
      {
        name: "attaching another seller's unfinished upload and avatar image",
        build: (world) => ({
          theirs: {
            method: 'POST',
            url: '/api/products/create',
            payload: {
              title: 'Borrowed',
              price: 10,
              files: [{ s3Key: world.owner.multipart.s3Key }],
              thumbnails: [{ s3Key: world.owner.avatarUpload.s3Key }],
            },
          },
          missing: {
            method: 'POST',
            url: '/api/products/create',
            payload: {
              title: 'Borrowed',
              price: 10,
              files: [{ s3Key: missingKey(world.owner, 'zip') }],
              thumbnails: [{ s3Key: missingKey(world.owner, 'png') }],
            },
          },
        }),
      },
    ],
  },
  'POST /api/products/complete-upload': {
    access: 'seller',
    ownership: [
      {
        name: "another seller's unfinished upload",
        build: (world) => ({
          theirs: {
            method: 'POST',
            url: '/api/products/complete-upload',
            payload: { s3Key: world.owner.pendingUpload.s3Key },
          },
          missing: {
            method: 'POST',
            url: '/api/products/complete-upload',
            payload: { s3Key: missingKey(world.owner, 'pdf') },
          },
        }),
      },
      {
        name: "another seller's completed upload",
        build: (world) => ({
          theirs: {
            method: 'POST',
            url: '/api/products/complete-upload',
            payload: { s3Key: world.owner.freeFile.s3Key },
          },
          missing: {
            method: 'POST',
            url: '/api/products/complete-upload',
            payload: { s3Key: missingKey(world.owner, 'pdf') },
          },
        }),
      },
    ],
  },
  'POST /api/products/get-part-upload-url': {
    access: 'seller',
    ownership: multipartCases('/api/products/get-part-upload-url', () => ({ partNumber: 2 })),
  },
  'POST /api/products/list-uploaded-parts': {
    access: 'seller',
    ownership: multipartCases('/api/products/list-uploaded-parts', () => ({})),
  },
  'POST /api/products/complete-multipart-upload': {
    access: 'seller',
    ownership: multipartCases('/api/products/complete-multipart-upload', (world) => ({
      parts: [{ PartNumber: 1, ETag: world.owner.multipart.etag }],
    })),
  },
  'POST /api/products/abort-multipart-upload': {
    access: 'seller',
    ownership: multipartCases('/api/products/abort-multipart-upload', () => ({})),
  },
  'PUT /api/auth/avatar': {
    access: 'seller',
    ownership: [
      {
        name: "another seller's uploaded avatar image",
        build: (world) => ({
          theirs: {
            method: 'PUT',
            url: '/api/auth/avatar',
            payload: { avatarUrl: world.owner.avatarUpload.publicUrl },
          },
          missing: {
            method: 'PUT',
            url: '/api/auth/avatar',
            payload: { avatarUrl: `/storage/public/${missingKey(world.owner, 'png')}` },
          },
        }),
      },
      {
        name: "another seller's avatar in use, and a product thumbnail of theirs",
        build: (world) => ({
          theirs: {
            method: 'PUT',
            url: '/api/auth/avatar',
            payload: { avatarUrl: world.owner.avatarUrl },
          },
          missing: {
            method: 'PUT',
            url: '/api/auth/avatar',
            payload: { avatarUrl: world.owner.product.thumbnails[0]?.s3_url },
          },
        }),
      },
    ],
  },
};
