import { useCallback } from 'react';
import { isUploading, type UploadItem } from '@/lib/upload/upload-queue';
import type { UploadResult } from '@/lib/upload/uploader';
import { useUploadQueue } from '@/lib/upload/use-upload-queue';
import type { DropKind } from './file-rules';

export type QueueItem = UploadItem;

/**
 * One dropzone's list of picked files over the shared uploader queue: the create and edit
 * forms keep files and thumbnails apart, and upload the files first, then the thumbnails.
 */
export function useDropzoneUploads(kind: DropKind) {
  const { queue, items } = useUploadQueue();
  const add = useCallback((files: readonly File[]) => queue.add(files, kind), [queue, kind]);
  const remove = useCallback((id: string) => queue.remove(id), [queue]);
  const cancel = useCallback(() => queue.cancelAll(), [queue]);
  /** Uploads what is not uploaded yet, one by one; items uploaded before are not sent again. */
  const uploadAll = useCallback(async (): Promise<UploadResult[]> => {
    const results = await queue.uploadAll();
    return kind === 'file' ? results.files : results.images;
  }, [queue, kind]);
  return { items, add, remove, cancel, uploadAll, uploading: isUploading(items) };
}
