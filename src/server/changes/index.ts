export { changeFeedOf, postgresChangeFeed, type ChangeFeed } from './change-feed.ts';
export { cacheTags, ChangeRecorder, tagsDroppedBy, type Change } from './changes.ts';
export { changesPlugin } from './plugin.ts';
