/** Query keys of artist and venue pages: apart from concert keys, so concert lists never match them. */
export const catalogueKeys = {
  artists: ['artists'] as const,
  artist: (id: string) => [...catalogueKeys.artists, id] as const,
  venues: ['venues'] as const,
  venue: (id: string) => [...catalogueKeys.venues, id] as const,
};
