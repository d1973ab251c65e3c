import { useEffect, useState, useSyncExternalStore } from 'react';
import { createUploadQueue, type UploadQueue, type UploadRunner } from './upload-queue';

/**
 * A form's upload list in React: the queue's items re-render the component as they change,
 * and anything still uploading is cancelled when the component goes away.
 */
export function useUploadQueue(runner?: UploadRunner) {
  const [queue] = useState<UploadQueue>(() => createUploadQueue(runner));
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  useEffect(() => () => queue.cancelAll(), [queue]);
  return { queue, items };
}
