import { z } from 'zod';

/** Mail about sales: one per sale, a daily summary (09:00 in the server's time zone), or none. */
export const saleNotificationChoices = ['each', 'daily', 'never'] as const;
export type SaleNotifications = (typeof saleNotificationChoices)[number];

export const saleNotificationsSchema = z.object({
  saleNotifications: z.enum(saleNotificationChoices, { error: 'saleNotificationsInvalid' }),
});
