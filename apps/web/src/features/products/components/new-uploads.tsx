import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { productFieldError } from '../lib/product-messages';
import type { ProductSaveFlow, UploadList } from '../lib/use-product-save-flow';
import { PendingUploadList } from './pending-upload-list';
import { UploadDropzone } from './upload-dropzone';
import { UploadNotices } from './upload-notices';

const listKinds = {
  files: { kind: 'file', dropzone: 'file-dropzone', pending: 'pending-files' },
  thumbnails: { kind: 'image', dropzone: 'thumbnail-dropzone', pending: 'pending-thumbnails' },
} as const;

/**
 * The drop zone and the picked, not yet saved items of one list (files or thumbnails), with
 * the list's 'at least one' error; the files list adds the upload notices.
 */
export function NewUploads({
  list,
  flow,
  room,
  markFirstAsMain = false,
}: {
  list: UploadList;
  flow: ProductSaveFlow;
  /** How many more items the list may take. */
  room: number;
  markFirstAsMain?: boolean;
}) {
  const { t } = useTranslation();
  const { kind, dropzone, pending } = listKinds[list];
  const uploads = flow[list];
  const error = flow.listErrors[list];
  const errorId = useId();
  return (
    <>
      <UploadDropzone
        kind={kind}
        room={room}
        disabled={flow.busy}
        onAccepted={(accepted) => {
          uploads.add(accepted);
          flow.clearListError(list);
        }}
        testId={dropzone}
        errorId={error ? errorId : undefined}
      />
      <PendingUploadList
        items={uploads.items}
        kind={kind}
        onRemove={uploads.remove}
        onRetry={flow.retryUploads}
        disabled={flow.busy}
        testId={pending}
        markFirstAsMain={markFirstAsMain}
      />
      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {productFieldError(t, error)}
        </p>
      ) : null}
      {list === 'files' ? (
        <UploadNotices items={[...flow.files.items, ...flow.thumbnails.items]} />
      ) : null}
    </>
  );
}
