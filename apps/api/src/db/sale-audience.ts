import type { SaleNotifications } from '@seller/contract/auth/sale-notifications';
import type { WebhookEvent } from '@seller/contract/developer/webhook';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Which sales (or refunds of them) someone must hear of, by a choice of the seller's that the
 * statement writing them reads with the sale: the sale mail they chose, or an event their webhook
 * listens to. A new kind of choice is taught here, to `hears`, and nowhere else.
 */
export type SaleAudience =
  | { kind: 'saleNotifications'; choice: SaleNotifications }
  | { kind: 'webhookEvent'; event: WebhookEvent };

/** Whether the seller `s` (with their webhook `w`, left-joined) is in the audience. */
function hears(audience: SaleAudience): SQL {
  switch (audience.kind) {
    case 'saleNotifications':
      return sql`s.sale_notifications = ${audience.choice}`;
    case 'webhookEvent':
      return sql`coalesce(${audience.event} = any(w.events), false)`;
  }
}

/** One flag per audience, in their order: does the seller `s` (webhook `w`) belong to it. */
export function hearing(audiences: readonly SaleAudience[]): SQL {
  return audiences.length
    ? sql`array[${sql.join(audiences.map(hears), sql`, `)}]`
    : sql`array[]::boolean[]`;
}

/**
 * A statement's name for the audiences it was written for: two texts under one name cannot
 * share a connection, so the audiences are part of it.
 */
export function audienceName(prefix: string, audiences: readonly SaleAudience[]): string {
  return [
    prefix,
    ...audiences.map((audience) =>
      audience.kind === 'saleNotifications' ? audience.choice : audience.event,
    ),
  ]
    .join('_')
    .replaceAll('.', '_');
}
