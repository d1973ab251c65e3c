import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  catalogProductSchema,
  catalogReadRules,
  catalogSellerParamsSchema,
} from './catalog-product.ts';

export const creatorPageSellerSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** When the seller signed up (ISO 8601, UTC). */
  memberSince: z.iso.datetime(),
});

export const creatorPageSchema = z.object({
  seller: creatorPageSellerSchema,
  /** The seller's active products, newest first. */
  products: z.array(catalogProductSchema),
});
export type CreatorPage = z.infer<typeof creatorPageSchema>;

export const getCreatorPageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public/sellers/{nickname}',
  operationId: 'getCreatorPage',
  summary: "A seller's creator page",
  description: `The public face of a seller for the member site: nickname, bio, avatar, signup time and the active products, newest first. Pending, inactive and deleted products are left out, and nothing private is shown (no view or sales counts, revenue or file URLs). An unknown nickname or a deleted account is 404. ${catalogReadRules}`,
  tags: ['catalog'],
  auth: false,
  successStatus: 200,
  errors: ['not_found'],
  params: catalogSellerParamsSchema,
  response: creatorPageSchema,
});
