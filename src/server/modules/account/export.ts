/**
 * GET /api/users/me/export: a zip of everything Encore keeps of the person: their rows as
 * JSON files and their uploaded files under uploads/. The rows are read in one snapshot
 * before the first byte goes out; the archive is then streamed, one file at a time, so
 * neither the archive nor the files are ever held in memory.
 */
import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { unauthorized } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { countOrRefuse, hourlyRule } from '#server/lib/throttle.ts';
import { withMediaUrls } from '#server/storage/index.ts';
import { exportRows, findUser, selectSettings } from './queries.ts';
import { calendarFeedPath } from '../calendar/index.ts';
import { noticeWords } from '../notifications/index.ts';
import { toCurrentUser } from '../users/index.ts';
import { toSettings } from './service.ts';
import { exportThrottleKey } from './throttle-keys.ts';

export const EXPORT_FILE_NAME = 'encore-data.zip';

/** `perHour` (EXPORTS_PER_USER_PER_HOUR) bounds the work: each export reads all their rows and files. */
export async function exportAccount(ctx: SignedInContext, perHour: number): Promise<Readable> {
  const userId = ctx.viewerId;
  await countOrRefuse(ctx.db, 'exports', [hourlyRule(exportThrottleKey(userId), perHour)]);

  const snapshot = await ctx.db.transaction(
    async (tx) => {
      const user = await findUser(tx, userId);
      const settings = await selectSettings(tx, userId);
      if (!user || !settings) return undefined;
      return {
        profile: toCurrentUser(user),
        settings: toSettings(settings.settings, settings.isPrivate),
        ...(await exportRows(tx, userId)),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (!snapshot) throw unauthorized();

  const zip = new ZipFile();
  const json = (name: string, value: unknown) =>
    zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), name);
  json('profile.json', snapshot.profile);
  json(
    'reviews.json',
    snapshot.reviews.map((review) => ({ ...review, media: review.media.map(withMediaUrls) })),
  );
  json('comments.json', snapshot.comments);
  json('likes.json', snapshot.likes);
  json('follows.json', snapshot.follows);
  json('blocks.json', snapshot.blocked);
  json('wishlist.json', snapshot.wishlist);
  json('attendance.json', snapshot.attendance);
  json('settings.json', {
    ...snapshot.settings,
    // The feed's address is theirs to keep; without a row they never opened it.
    calendarFeed: snapshot.calendarFeed
      ? {
          path: calendarFeedPath(snapshot.calendarFeed.token),
          includeFollowedArtists: snapshot.calendarFeed.includeFollowedArtists,
        }
      : null,
    // Alerts are on, for no chosen city, until a person changes them.
    showAlerts: snapshot.showAlerts ?? { enabled: true, cities: [] },
  });
  json('artists.json', snapshot.followedArtists);
  json('devices.json', snapshot.devices);
  json(
    'notifications.json',
    snapshot.notifications.map(({ artist, shows, actor, ...notice }) => ({
      id: notice.id,
      type: notice.type,
      ...noticeWords({ ...notice, artist, shows }, actor),
      link: notice.link,
      isRead: notice.isRead,
      actorCount: notice.actorCount,
      createdAt: notice.createdAt,
    })),
  );
  json(
    'uploads.json',
    snapshot.uploads.map(({ fileKey, thumbnailKey, ...upload }) => ({
      ...upload,
      file: upload.state === 'ready' ? `uploads/${fileKey}` : null,
      thumbnail: upload.state === 'ready' && thumbnailKey ? `uploads/${thumbnailKey}` : null,
    })),
  );
  // An upload still processing or failed has no served files (yet); the file as received
  // is kept only for the moments processing takes.
  const keys = snapshot.uploads
    .filter((u) => u.state === 'ready')
    .flatMap((u) => (u.thumbnailKey ? [u.fileKey, u.thumbnailKey] : [u.fileKey]));
  for (const key of keys) {
    // Photos and videos are compressed already. A file that went meanwhile (a review
    // edited while this streams) ends short rather than breaking the whole archive.
    zip.addReadStreamLazy(`uploads/${key}`, { compress: false }, (done) => {
      const source = ctx.files.read(key);
      const through = new PassThrough();
      source.on('error', (error) => {
        ctx.log.warn({ err: error, key }, 'a file left the export');
        through.end();
      });
      done(null, source.pipe(through));
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  return output;
}
