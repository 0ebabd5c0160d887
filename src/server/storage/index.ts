/** Where uploaded files are kept and how they are served. */
export type { FileStore } from './file-store.ts';
export { createLocalFileStore, isFileKey, originalKeyFor } from './local-file-store.ts';
export { linkMediaAt, mediaShown, mediaUrl, pictureUrl, withMediaUrls } from './media-urls.ts';
export { openFileStore } from './open-file-store.ts';
export { storagePlugin, type StandIn, type StandInFor } from './plugin.ts';
