import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** The first things a new seller does, each read from the account's own data. */
export const gettingStartedStepsSchema = z.object({
  /** At least one payout method (Alipay, bank transfer or PayPal) is filled in. */
  payoutMethod: z.boolean(),
  /** The seller has a product that is not deleted. */
  firstProduct: z.boolean(),
  /** The seller copied or shared the creator page link at least once. */
  creatorLinkShared: z.boolean(),
});
export type GettingStartedSteps = z.infer<typeof gettingStartedStepsSchema>;

export const gettingStartedSchema = z.object({
  steps: gettingStartedStepsSchema,
  /** The seller closed the checklist; it stays closed on every device. */
  dismissed: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;

export const getGettingStartedEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/dashboard/getting-started',
  operationId: 'getGettingStarted',
  summary: "The seller's getting-started checklist",
  description:
    'Which first steps the seller has taken (a payout method, a product that is not deleted, the creator page link copied or shared) and whether the checklist was closed.',
  tags: ['dashboard'],
  auth: true,
  successStatus: 200,
  response: gettingStartedSchema,
});
