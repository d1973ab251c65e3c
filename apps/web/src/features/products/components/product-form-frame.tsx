import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveDialog } from '@/components/leave-dialog';
import { NoticeAlert } from '@/components/notice-alert';
import type { ProductSaveFlow } from '../lib/use-product-save-flow';

/**
 * The form around a product's fields, with what it says about its save: the notice on top
 * (focused when it is an error, so that it is seen wherever the seller had scrolled to), and
 * the question when the seller leaves while files upload.
 */
export function ProductFormFrame({
  flow,
  onSubmit,
  testId,
  children,
}: {
  flow: ProductSaveFlow;
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      ref={flow.formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-6"
      data-testid={testId}
    >
      <div
        ref={flow.noticeRef}
        tabIndex={-1}
        className="scroll-mt-24 rounded-lg outline-none empty:hidden focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid="form-notice"
      >
        <NoticeAlert
          notice={flow.notice}
          testIds={{ success: 'form-success', error: 'form-error' }}
        />
      </div>
      <LeaveDialog guard={flow.leaveGuard} description={t('products.leave.uploading')} />
      {children}
    </form>
  );
}
