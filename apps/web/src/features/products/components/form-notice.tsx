import { useTranslation } from 'react-i18next';
import { LeaveDialog } from '@/components/leave-dialog';
import { NoticeAlert } from '@/components/notice-alert';
import type { ProductSaveFlow } from '../lib/use-product-save-flow';

/**
 * What a product form says about its save: the notice (focused when it is an error, so that it
 * is seen wherever the seller had scrolled to), and the question when the seller leaves while
 * files upload.
 */
export function FormNotice({ flow }: { flow: ProductSaveFlow }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
