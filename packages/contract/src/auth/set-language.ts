import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { languageSchema } from '../languages.ts';

export const setLanguageBodySchema = z.object({ language: languageSchema });

export const setLanguageEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/auth/language',
  operationId: 'setLanguage',
  summary: "Remember the seller's language",
  description:
    'The language the seller uses in the web app (en, ko, zh, ja, fr or tr): every mail to the seller is written in it.',
  tags: ['auth'],
  auth: true,
  successStatus: 204,
  body: setLanguageBodySchema,
});
