import { z } from 'zod';
import { apiScopeSchema } from '../api-scopes.ts';

/** A token as listed: never the secret, only its first characters. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiScopeSchema),
  /** `sc_` and the first characters, to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
