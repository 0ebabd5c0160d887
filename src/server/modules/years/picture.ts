/**
 * What a year's picture shows, shared by the requests' side (image.ts) and the threads
 * that draw it (image-worker.ts), which is all they pass between them.
 */

export const YEAR_IMAGE_WIDTH = 1200;
export const YEAR_IMAGE_HEIGHT = 630;

/** What a year's picture shows, and all it shows: its ETag is a hash of this. */
export interface YearPicture {
  /** The person as named on screen. */
  name: string;
  year: number;
  showsAttended: number;
  artists: number;
  venues: number;
  cities: number;
  /** Shows per month, January first. */
  months: number[];
  topShow: { artist: string; venue: string; overallRating: number } | null;
  mostSeenArtist: { name: string; shows: number } | null;
}
