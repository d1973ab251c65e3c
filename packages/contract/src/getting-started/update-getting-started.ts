import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { gettingStartedSchema } from './get-getting-started.ts';

export const updateGettingStartedBodySchema = z.object({
  /** The seller copied or shared the creator page link; it cannot be taken back. */
  creatorLinkShared: z.literal(true, { error: 'invalid' }).optional(),
  /** `true` closes the checklist, `false` shows it again. */
  dismissed: z.boolean({ error: 'invalid' }).optional(),
});
export type UpdateGettingStartedBody = z.input<typeof updateGettingStartedBodySchema>;

export const updateGettingStartedEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/dashboard/getting-started',
  operationId: 'updateGettingStarted',
  summary: 'Record a getting-started step, or close the checklist',
  description:
    '`creatorLinkShared: true` records that the seller copied or shared the creator page link (kept from then on); `dismissed` closes (`true`) or reopens (`false`) the checklist. A field left out changes nothing. Answers the checklist as it now is.',
  tags: ['dashboard'],
  auth: true,
  successStatus: 200,
  body: updateGettingStartedBodySchema,
  response: gettingStartedSchema,
});
