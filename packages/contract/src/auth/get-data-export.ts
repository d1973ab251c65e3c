import { defineEndpoint } from '../endpoint.ts';
import { dataExportResponseSchema } from './data-export.ts';

export const getDataExportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/export',
  operationId: 'getDataExport',
  summary: 'The latest data export and its download link',
  description:
    'The latest export asked for (null when none): `pending`, `ready` with a download link valid for a few minutes (read this again for a fresh one) until `expiresAt`, `expired` once the file is removed after 24 hours, or `failed`.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  response: dataExportResponseSchema,
});
