import { describe, expect, it } from 'vitest';
import { noticeMessage, noticeTitle, type NoticeParts } from './notice-text.ts';

const ana = { firstName: 'Ana', lastName: 'Lima', username: 'ana' };

describe('noticeMessage', () => {
  it.each<[string, NoticeParts, string]>([
    [
      'one liker',
      { type: 'review_like', actor: ana, actorCount: 1, artist: 'Neon Harbor' },
      'Ana Lima liked your review of Neon Harbor.',
    ],
    [
      'two commenters',
      { type: 'review_comment', actor: ana, actorCount: 2, artist: 'Glass Canyon' },
      'Ana Lima and 1 other commented on your review of Glass Canyon.',
    ],
    [
      'four followers, the latest known by their handle',
      { type: 'new_follower', actor: { username: 'quiet_fan' }, actorCount: 4, artist: null },
      '@quiet_fan and 3 others started following you.',
    ],
    [
      'a private person letting one in',
      { type: 'follow_approved', actor: ana, actorCount: 1, artist: null },
      'Ana Lima approved your follow request.',
    ],
    [
      'a new review by someone without a name or handle',
      { type: 'new_review', actor: { firstName: ' ', username: null }, actorCount: 1, artist: 'X' },
      'Someone reviewed X.',
    ],
    [
      'a first name alone',
      { type: 'review_like', actor: { firstName: 'Ana' }, actorCount: 3, artist: 'Y' },
      'Ana and 2 others liked your review of Y.',
    ],
    [
      'someone one follows going to a show one is going to',
      {
        type: 'friend_going',
        actor: ana,
        actorCount: 1,
        artist: 'Neon Harbor',
        venue: 'Thalia Hall',
      },
      'Ana Lima is going to Neon Harbor at Thalia Hall too.',
    ],
    [
      'three people one follows going the same day',
      {
        type: 'friend_going',
        actor: ana,
        actorCount: 3,
        artist: 'Neon Harbor',
        venue: 'Thalia Hall',
      },
      'Ana Lima and 2 others are going to Neon Harbor at Thalia Hall too.',
    ],
  ])('%s', (_case, parts, expected) => {
    expect(noticeMessage(parts)).toBe(expected);
  });

  const shows = [
    { artist: 'The Velvet Lanterns', city: 'Chicago', date: '2027-01-15' },
    { artist: 'Second Signal', city: 'Chicago', date: '2027-09-03' },
    { artist: 'Third Act', city: 'Austin', date: '2027-12-31' },
  ];

  it('names up to three new shows by month and day, and counts the rest', () => {
    const parts = (actorCount: number, named = shows): NoticeParts => ({
      type: 'new_shows',
      actor: null,
      actorCount,
      artist: null,
      shows: named,
    });
    expect(noticeMessage(parts(1, shows.slice(0, 1)))).toBe(
      'Artists you follow announced: The Velvet Lanterns in Chicago on Jan 15.',
    );
    expect(noticeMessage(parts(3))).toBe(
      'Artists you follow announced: The Velvet Lanterns in Chicago on Jan 15, Second Signal in Chicago on Sep 3, Third Act in Austin on Dec 31.',
    );
    expect(noticeMessage(parts(5))).toBe(
      'Artists you follow announced: The Velvet Lanterns in Chicago on Jan 15, Second Signal in Chicago on Sep 3, Third Act in Austin on Dec 31 and 2 more.',
    );
  });
});

describe('noticeTitle', () => {
  it.each<[Pick<NoticeParts, 'type' | 'actorCount'>, string]>([
    [{ type: 'review_like', actorCount: 3 }, 'New like'],
    [{ type: 'review_comment', actorCount: 1 }, 'New comment'],
    [{ type: 'new_follower', actorCount: 2 }, 'New follower'],
    [{ type: 'new_review', actorCount: 1 }, 'New review'],
    [{ type: 'follow_approved', actorCount: 1 }, 'Follow request approved'],
    [{ type: 'new_shows', actorCount: 1 }, 'New show'],
    [{ type: 'new_shows', actorCount: 4 }, '4 new shows'],
    [{ type: 'friend_going', actorCount: 2 }, 'Friends going'],
  ])('%o is "%s"', (parts, expected) => {
    expect(noticeTitle(parts)).toBe(expected);
  });
});
