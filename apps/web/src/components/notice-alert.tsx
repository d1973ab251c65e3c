import { CheckCircle2Icon } from 'lucide-react';
import { Alert, AlertDescription, ErrorAlert } from '@/components/ui/alert';

/** A line above a form or a page: what a save did, or why it failed. */
export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

/** The notice in a green or a red alert (none when there is no notice). */
export function NoticeAlert({
  notice,
  testIds,
}: {
  notice: Notice | null;
  testIds: Record<Notice['kind'], string>;
}) {
  if (!notice) return null;
  return notice.kind === 'success' ? (
    <Alert variant="success" data-testid={testIds.success}>
      <CheckCircle2Icon aria-hidden="true" />
      <AlertDescription>{notice.text}</AlertDescription>
    </Alert>
  ) : (
    <ErrorAlert data-testid={testIds.error}>{notice.text}</ErrorAlert>
  );
}
