export { changeFeedOf, postgresChangeFeed, type ChangeFeed } from './change-feed.ts';
export { cacheTags, ChangeRecorder, jobsFor, tagsDroppedBy, type Change } from './changes.ts';
export { changesPlugin } from './plugin.ts';
export { createWriter, type Writer, type WriteOptions } from './writer.ts';
