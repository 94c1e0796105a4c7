import { useEffect, useState, useSyncExternalStore } from 'react';
import { UploadQueue, type UploadItem } from './upload-queue';
import { uploadTransport } from './upload-transport';

/** The window's upload queue; `onDone` runs when a file is complete (the listing then refreshes). */
export const useUploads = (onDone: (item: UploadItem) => void) => {
  const [queue] = useState(() => new UploadQueue(uploadTransport));
  useEffect(() => queue.onComplete(onDone), [queue, onDone]);
  useEffect(() => () => queue.dispose(), [queue]);
  const items = useSyncExternalStore(queue.subscribe, queue.snapshot);
  return { items, queue };
};
