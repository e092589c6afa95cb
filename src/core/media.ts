// Shared by the server, which stores a video's poster, and the web, which shows it before playback.

const POSTER_SUFFIX = ".poster.webp";

/**
 * Where a video's poster (its first frame, WebP) is served: beside the video, its whole name kept, so that the
 * server finds the video (and the post that decides who may see both) by dropping the suffix.
 */
export const posterUrlFor = (videoUrl: string) => `${videoUrl}${POSTER_SUFFIX}`;

/** The video a poster's address belongs to, or null when the address is not a poster's. */
export const videoUrlForPoster = (url: string) =>
  url.endsWith(POSTER_SUFFIX) ? url.slice(0, -POSTER_SUFFIX.length) : null;
