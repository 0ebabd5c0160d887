/**
 * Reads a video's container with MediaInfoLib (mediainfo.js, WebAssembly; see
 * docs/decisions/0003-video-probing-mediainfo.md): a video is kept only when its container
 * is the one its first bytes claim, it has a video track whose width and height are
 * given, and its length is more than nothing and at most MAX_VIDEO_SECONDS. A file that is
 * only an MP4 header followed by anything at all fails here.
 */
import { open } from 'node:fs/promises';
import mediaInfoFactory, { type MediaInfo, type MediaInfoResult } from 'mediainfo.js';
import { MAX_VIDEO_SECONDS, MAX_VIDEO_SIDE, MIN_VIDEO_SIDE } from '#shared/limits';

export interface VideoFacts {
  width: number;
  height: number;
  durationMs: number;
}

/** The file is not a playable video of the type its first bytes claim; `message` says why. */
export class VideoRefusedError extends Error {
  override name = 'VideoRefusedError';
}

/** MediaInfoLib's name of each accepted container. */
const CONTAINERS: Record<string, string> = {
  'video/mp4': 'MPEG-4',
  'video/quicktime': 'MPEG-4',
  'video/webm': 'WebM',
};

/** Reads the file's container; its facts, or VideoRefusedError saying what is wrong. */
export async function probeVideo(filePath: string, contentType: string): Promise<VideoFacts> {
  const result = await analyze(filePath);
  const tracks = result.media?.track ?? [];
  const general = tracks.find((track) => track['@type'] === 'General');
  const video = tracks.find((track) => track['@type'] === 'Video');
  if (!general || general.Format !== CONTAINERS[contentType]) {
    throw new VideoRefusedError('its container could not be read');
  }
  if (!video) throw new VideoRefusedError('it has no video track');
  const width = Number(video.Width);
  const height = Number(video.Height);
  if (!Number.isInteger(width) || !Number.isInteger(height)) {
    throw new VideoRefusedError('its width and height could not be read');
  }
  if (Math.min(width, height) < MIN_VIDEO_SIDE || Math.max(width, height) > MAX_VIDEO_SIDE) {
    throw new VideoRefusedError(
      `its size (${width}×${height}) is not between ${MIN_VIDEO_SIDE} and ${MAX_VIDEO_SIDE} pixels a side`,
    );
  }
  // Seconds, as a decimal; the container's when the track gives none.
  const seconds = Number(video.Duration ?? general.Duration);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new VideoRefusedError('its length could not be read');
  }
  if (seconds > MAX_VIDEO_SECONDS) {
    throw new VideoRefusedError(`it is longer than ${MAX_VIDEO_SECONDS / 60} minutes`);
  }
  return { width, height, durationMs: Math.round(seconds * 1000) };
}

/**
 * One MediaInfoLib instance for the process, made on first use, reading one file at a
 * time: an instance cannot read two at once.
 */
let reader: Promise<MediaInfo> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** MediaInfoLib's reading of the file, a chunk at a time (it reads only what it needs). */
function analyze(filePath: string): Promise<MediaInfoResult> {
  const run = queue.then(async () => {
    reader ??= mediaInfoFactory();
    const mediaInfo = await reader;
    const file = await open(filePath, 'r');
    try {
      const { size } = await file.stat();
      return await mediaInfo.analyzeData(size, async (length, offset) => {
        const buffer = new Uint8Array(Math.min(length, Math.max(0, size - offset)));
        const { bytesRead } = await file.read(buffer, 0, buffer.length, offset);
        return buffer.subarray(0, bytesRead);
      });
    } catch (error) {
      // Whatever state a failed reading left the instance in, the next one starts afresh.
      reader = undefined;
      mediaInfo.close();
      throw error;
    } finally {
      await file.close();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
