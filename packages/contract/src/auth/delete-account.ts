import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { presentedPasswordSchema } from '../fields.ts';
import { totpCodeSchema } from './two-factor.ts';

export const deleteAccountBodySchema = z.object({
  password: presentedPasswordSchema,
  /** A current authenticator code: required when two-factor sign-in is on. */
  code: totpCodeSchema.optional(),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

export const deleteAccountEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/auth/account',
  operationId: 'deleteAccount',
  summary: 'Delete the account',
  description:
    'Needs the password (400 `wrong_password`) and, when two-factor sign-in is on, a current code (400 `two_factor_code_invalid`). Refused with 409 `balance_outstanding` while the balance (the net of the ledger) is not zero. Then every session and API token ends, the webhook and two-factor sign-in go, the email, password, bio, avatar and payout details are erased, and the creator page and products leave the catalog. The nickname is never given again; the email may sign up anew. Sales, refunds, payouts and the ledger are kept (trade records, five years); buyers keep their downloads. A confirmation is mailed to the address the account had. A wrong password counts as a failed sign-in of the account from this address and is written to the activity (`password_check_failed`); past the sign-in limits the call is 429 `rate_limited` with `Retry-After`. A wrong code counts against the seller (from every address) and this address and is written to the activity (`two_factor_code_failed`); past the limits the call is 429 `rate_limited` with `Retry-After`.',
  tags: ['auth'],
  auth: true,
  successStatus: 204,
  errors: ['wrong_password', 'two_factor_code_invalid', 'balance_outstanding', 'rate_limited'],
  body: deleteAccountBodySchema,
});
