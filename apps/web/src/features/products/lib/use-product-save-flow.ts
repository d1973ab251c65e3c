import { limits } from '@seller/contract/limits';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Notice } from '@/components/notice-alert';
import { errorMessage } from '@/lib/error-messages';
import type { UploadResult } from '@/lib/upload/uploader';
import { useFocusOnError } from '@/lib/use-focus-on-error';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { uploadErrorText } from './product-messages';
import { useDropzoneUploads } from './use-dropzone-uploads';

export type SavePhase = 'idle' | 'uploading' | 'saving' | 'deleting' | 'done';
export type UploadList = 'files' | 'thumbnails';
export type ListErrors = Partial<Record<UploadList, string>>;
export type UploadedLists = Record<UploadList, UploadResult[]>;

/**
 * The save flow the create and edit forms share: both lists must keep at least one item,
 * new files are uploaded first, then new thumbnails; then the product is saved, a success
 * notice shown and, `limits.redirectAfterSaveMs` later, the seller sent to `redirectTo`, where
 * a toast confirms the save. A failure is brought into view and focused; leaving the page while
 * files upload asks first.
 */
export function useProductSaveFlow({
  kept,
  thumbnailRequired,
  successText,
  failedText,
  redirectTo,
}: {
  /** How many files and thumbnails the product keeps besides the new uploads. */
  kept: Record<UploadList, number>;
  /** The message key when no thumbnail would be left. */
  thumbnailRequired: 'thumbnailRequired' | 'minimumThumbnailRequired';
  successText: string;
  failedText: string;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const files = useDropzoneUploads('file');
  const thumbnails = useDropzoneUploads('image');
  const [phase, setPhase] = useState<SavePhase>('idle');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [listErrors, setListErrors] = useState<ListErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useFocusOnError(notice?.kind === 'error' ? notice : null);
  const uploading = files.uploading || thumbnails.uploading;
  const leaveGuard = useLeaveGuard(phase === 'uploading' || phase === 'saving' || uploading);

  const checkLists = () => {
    const errors: ListErrors = {
      files: kept.files + files.items.length < 1 ? 'fileRequired' : undefined,
      thumbnails: kept.thumbnails + thumbnails.items.length < 1 ? thumbnailRequired : undefined,
    };
    setListErrors(errors);
    return !errors.files && !errors.thumbnails;
  };

  /** Runs the whole flow; `persist` sends the product with what was uploaded. */
  const save = async (persist: (uploaded: UploadedLists) => Promise<unknown>) => {
    setNotice(null);
    if (!checkLists()) return;
    setPhase('uploading');
    let uploaded: UploadedLists;
    try {
      const uploadedFiles = await files.uploadAll();
      uploaded = { files: uploadedFiles, thumbnails: await thumbnails.uploadAll() };
    } catch (error) {
      setPhase('idle');
      setNotice({ kind: 'error', text: uploadErrorText(t, error) });
      return;
    }
    setPhase('saving');
    try {
      await persist(uploaded);
      setPhase('done');
      setNotice({ kind: 'success', text: successText });
      setTimeout(() => {
        navigate(redirectTo);
        // Shown on the page the seller lands on (the toasts live in the signed-in shell).
        toast.success(successText);
      }, limits.redirectAfterSaveMs);
    } catch (error) {
      setPhase('idle');
      setNotice({ kind: 'error', text: errorMessage(t, error, failedText) });
    }
  };

  /** Tries a failed upload again: the form is sent again, and uploads what is not uploaded. */
  const retryUploads = useCallback(() => formRef.current?.requestSubmit(), []);

  return {
    files,
    thumbnails,
    phase,
    setPhase,
    busy: phase !== 'idle' || uploading,
    formRef,
    noticeRef,
    leaveGuard,
    retryUploads,
    notice,
    setNotice,
    listErrors,
    checkLists,
    clearListError: (list: UploadList) =>
      setListErrors((current) => ({ ...current, [list]: undefined })),
    clearListErrors: () => setListErrors({}),
    cancelUploads: () => {
      files.cancel();
      thumbnails.cancel();
    },
    save,
  };
}

export type ProductSaveFlow = ReturnType<typeof useProductSaveFlow>;
