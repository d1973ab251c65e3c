import { fallbackLanguage, type Language, languageOf } from '@seller/contract/languages';
import { PermanentJobError } from '../../jobs/job-queue.ts';
import type { MailRecipient } from '../../mail/mail.service.ts';

export type FindRecipient = (sellerId: string) => Promise<MailRecipient | undefined>;

/** The seller's address and language when the mail goes; a seller who is gone gets none. */
export async function recipientOf(
  findRecipient: FindRecipient,
  sellerId: string,
): Promise<{ email: string; language: Language }> {
  const found = await findRecipient(sellerId);
  if (!found) throw new PermanentJobError('the seller no longer exists');
  return {
    email: found.email,
    language: languageOf(found.language ?? undefined) ?? fallbackLanguage,
  };
}
