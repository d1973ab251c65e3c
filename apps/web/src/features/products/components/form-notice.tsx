import { CheckCircle2Icon } from 'lucide-react';
import { Alert, AlertDescription, ErrorAlert } from '@/components/ui/alert';
import type { FormNotice } from '../lib/messages';

export function FormNoticeAlert({ notice }: { notice: FormNotice | null }) {
  if (!notice) return null;
  return notice.kind === 'success' ? (
    <Alert variant="success" data-testid="form-success">
      <CheckCircle2Icon aria-hidden="true" />
      <AlertDescription>{notice.text}</AlertDescription>
    </Alert>
  ) : (
    <ErrorAlert data-testid="form-error">{notice.text}</ErrorAlert>
  );
}
