import { randomUUID } from 'node:crypto';

/**
 * The store's own orders. Kept in memory to stay short: a real store keeps them in its
 * database, with the buyer's account, and gives the download page only to that buyer. Here the
 * order id, long and random, is the buyer's key to the download page.
 *
 * @typedef {object} OrderFile A file the order may download, as the catalog showed it.
 * @property {string} id
 * @property {string} name
 * @property {number} size
 * @property {{ used: number, limit: number | null } | undefined} downloads As the last delivery told.
 *
 * @typedef {object} Order
 * @property {string} id Sent to the seller center as `orderId`.
 * @property {string} nickname
 * @property {string} productId
 * @property {string} productTitle
 * @property {string} customerEmail
 * @property {string} buyerName As the buyer gave it at checkout; empty when they gave none.
 * @property {string} paymentMethod
 * @property {number} amount Whole won, what the buyer paid: 0 for a free copy with a code.
 * @property {{ code: string, listAmount: number } | undefined} discount The code whose use was
 *   held for the order, and the price before it (whole won).
 * @property {string} purchasedAt Fixed when the order is made, so that every report of it is the same call.
 * @property {'reporting' | 'recorded'} state `recorded` once the seller center has the sale.
 * @property {OrderFile[]} files The product's files at the time of the order.
 * @property {import('./visits.js').Attribution} attribution Where the buyer's visit came from,
 *   fixed with the order: every report of it tells the same.
 * @property {string} buyerLocale The language of the pages the buyer used.
 * @property {boolean} marketingConsent The buyer ticked the box for news at checkout.
 */

export function createOrderBook() {
  /** @type {Map<string, Order>} */
  const orders = new Map();
  return {
    /**
     * @param {Omit<Order, 'id' | 'purchasedAt' | 'state'>} details
     * @returns {Order}
     */
    create(details) {
      const order = {
        ...details,
        id: `order-${randomUUID()}`,
        purchasedAt: new Date().toISOString(),
        state: /** @type {const} */ ('reporting'),
      };
      orders.set(order.id, order);
      return order;
    },

    /** @param {string} id */
    get(id) {
      return orders.get(id);
    },

    /** @param {string} id */
    remove(id) {
      orders.delete(id);
    },
  };
}

/** @typedef {ReturnType<typeof createOrderBook>} OrderBook */
