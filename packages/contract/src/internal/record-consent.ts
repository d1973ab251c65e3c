import { z } from 'zod';
import { marketingConsents } from '../customers/customer.ts';
import { defineEndpoint } from '../endpoint.ts';
import { emailSchema, isoDateTimeSchema } from '../fields.ts';

export const recordConsentBodySchema = z.object({
  sellerId: z.uuid(),
  /** The buyer's email, without regard to case. */
  email: emailSchema,
  /** True: the buyer agreed to marketing mail; false: they withdrew. */
  granted: z.boolean(),
  /** When the buyer chose; at most five minutes ahead. An older choice does not replace a newer. */
  at: isoDateTimeSchema,
});
export type RecordConsentBody = z.input<typeof recordConsentBodySchema>;

export const recordConsentResponseSchema = z.object({
  customer: z.object({ id: z.string(), marketingConsent: z.enum(marketingConsents) }),
});
export type RecordConsentResponse = z.infer<typeof recordConsentResponseSchema>;

export const recordConsentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/internal/consents',
  operationId: 'recordConsent',
  summary: "Record a buyer's consent to marketing mail",
  description:
    'Records that a buyer of the seller agreed to marketing mail (`granted: true`) or withdrew (`false`) at `at`: the latest `at` wins, so an older choice arriving late leaves the newer one in force; the answer is the consent now in force. A buyer who never bought from the seller (or an unknown seller) is 404. Member site only: signed with X-Signature (see the `memberSignature` scheme); a missing, wrong or stale signature is 401.',
  tags: ['internal'],
  auth: false,
  successStatus: 200,
  errors: ['not_found'],
  body: recordConsentBodySchema,
  response: recordConsentResponseSchema,
});
