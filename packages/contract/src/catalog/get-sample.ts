import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** A sample's id (a file version) and kind; anything else is a 404. */
export const sampleParamsSchema = z.object({ sampleId: z.string(), kind: z.string() });

export const getSampleEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public/samples/{sampleId}/{kind}',
  operationId: 'getSample',
  summary: "A product's sample",
  description:
    "The bytes of a sample the catalog lists (`samples[].url`): a file given away whole or a PDF's first pages, of the file's newest version. No authentication and no signature; `Cache-Control: public, max-age=3600` and a strong `ETag` (304 to a matching `If-None-Match`). Never counts a download. 404 once the file is no longer a sample, has a newer version, or its product leaves the catalog.",
  tags: ['catalog'],
  auth: false,
  successStatus: 200,
  produces: 'application/octet-stream',
  errors: ['not_found'],
  params: sampleParamsSchema,
});
