import { LegalPage } from '@/features/legal/components/legal-page';

/** /terms: the terms of service (placeholder text until the operator writes them). */
export function TermsRoute() {
  return <LegalPage document="terms" />;
}

/** /privacy: the privacy policy (placeholder text until the operator writes it). */
export function PrivacyRoute() {
  return <LegalPage document="privacy" />;
}
