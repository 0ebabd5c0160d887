/**
 * The last calendar text made for each feed, kept with a digest of the rows it was made
 * from. Calendar apps poll a feed that rarely changes, and writing 500 events takes tens
 * of milliseconds: each read still asks the database for the rows' digest
 * (selectFeedDigest, so a change shows at once, on every process), and the rows are read
 * and the text written again only when it differs. Bounded by total size; the least
 * recently read feed goes first.
 */

/** Room for the texts of about 250 feeds of 500 concerts each. */
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  digest: string;
  text: string;
}

const entries = new Map<string, Entry>();
let bytes = 0;

/** The feed's text for these rows: the kept one when they are the same, else `make()`'s. */
export async function feedText(
  key: string,
  digest: string,
  make: () => Promise<string>,
): Promise<string> {
  const kept = entries.get(key);
  if (kept?.digest === digest) {
    // Read again: to the back of the line.
    entries.delete(key);
    entries.set(key, kept);
    return kept.text;
  }
  const text = await make();
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
