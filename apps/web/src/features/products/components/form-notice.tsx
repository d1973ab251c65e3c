import { AlertCircleIcon, CheckCircle2Icon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

export interface FormNotice {
  kind: 'success' | 'error';
  text: string;
}

export function FormNoticeAlert({ notice }: { notice: FormNotice | null }) {
  if (!notice) return null;
  return notice.kind === 'success' ? (
    <Alert variant="success" data-testid="form-success">
      <CheckCircle2Icon aria-hidden="true" />
      <AlertDescription>{notice.text}</AlertDescription>
    </Alert>
  ) : (
    <Alert variant="destructive" data-testid="form-error">
      <AlertCircleIcon aria-hidden="true" />
      <AlertDescription>{notice.text}</AlertDescription>
    </Alert>
  );
}
