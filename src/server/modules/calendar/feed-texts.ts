/**
 * The last calendar text made for each feed, kept with a digest of the rows it was made
 * from. Calendar apps poll a feed that rarely changes, and writing 500 events takes tens
 * of milliseconds where reading their rows takes a few: each read still reads the rows
 * (so a change shows at once, on every process), and only writes the text again when
 * the digest differs. Bounded by total size; the least recently read feed goes first.
 */
import { createHash } from 'node:crypto';
import type { CalendarConcert } from './ics.ts';

/** Room for the texts of about 250 feeds of 500 concerts each. */
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  digest: string;
  text: string;
}

const entries = new Map<string, Entry>();
let bytes = 0;

/** What the text depends on: the rows' fields the events show, in order. */
export function digestOf(concerts: CalendarConcert[], extra: string): string {
  const hash = createHash('sha1').update(extra);
  for (const c of concerts) {
    hash.update(
      `\n${c.id}\t${c.artist}\t${c.venue}\t${c.city}\t${c.date}\t${c.time ?? ''}\t${c.ticketUrl ?? ''}\t${c.updatedAt.getTime()}`,
    );
  }
  return hash.digest('base64url');
}

/** The feed's text for these rows: the kept one when they are the same, else `make()`'s. */
export function feedText(key: string, digest: string, make: () => string): string {
  const kept = entries.get(key);
  if (kept?.digest === digest) {
    // Read again: to the back of the line.
    entries.delete(key);
    entries.set(key, kept);
    return kept.text;
  }
  const text = make();
  if (kept) {
    entries.delete(key);
    bytes -= kept.text.length;
  }
  entries.set(key, { digest, text });
  bytes += text.length;
  for (const [oldest, entry] of entries) {
    if (bytes <= MAX_BYTES) break;
    entries.delete(oldest);
    bytes -= entry.text.length;
  }
  return text;
}
