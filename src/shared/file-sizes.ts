/** How a size limit reads in messages, on the server and in the browser alike. */

const BYTES_PER_MEGABYTE = 1024 * 1024;

/** "5 MB" of 5 × 1024 × 1024 bytes, rounded to whole megabytes. */
export const megabytes = (bytes: number) => `${Math.round(bytes / BYTES_PER_MEGABYTE)} MB`;
