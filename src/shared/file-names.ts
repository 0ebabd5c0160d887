import { isCleanText } from './schemas/common.ts';

const FILE_NAME_SHOWN_MAX = 80;

/**
 * How a sent file is named in the server's messages ("stage.jpg is not one of …"): no
 * folders, no control characters, not too long, else by its place in the upload. The
 * client names files the same way, to tell which file a message is about.
 */
export function fileNameInMessages(sent: string | undefined, index: number): string {
  const base = (sent ?? '').split(/[\\/]/).pop() ?? '';
  if (base === '' || !isCleanText(base)) return `file ${index + 1}`;
  return base.length > FILE_NAME_SHOWN_MAX ? `${base.slice(0, FILE_NAME_SHOWN_MAX - 3)}…` : base;
}
