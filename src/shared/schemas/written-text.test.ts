import { describe, expect, it } from 'vitest';
import { createCommentBodySchema } from './reviews.ts';
import { profileUpdateBodySchema } from './users.ts';

const comment = (commentText: string) => createCommentBodySchema.safeParse({ commentText });

describe('what people write', () => {
  it('counts text of only invisible characters as empty', () => {
    for (const invisible of ['\u200B\u200B\u200B', ' \u2060\uFEFF ', '\u3164\u3164', '\u202E']) {
      const parsed = comment(invisible);
      expect(parsed.success, JSON.stringify(invisible)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('commentText must not be empty');
    }
  });

  it('strips bidirectional overrides and isolates wherever they are', () => {
    expect(comment('great \u202Eshow\u202C, \u2066really\u2069').data?.commentText).toBe(
      'great show, really',
    );
    expect(profileUpdateBodySchema.parse({ firstName: '\u202Egnirts' }).firstName).toBe('gnirts');
  });

  it('keeps joiners inside a text, where emoji and scripts need them', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(comment(`loved it ${family}`).data?.commentText).toBe(`loved it ${family}`);
    expect(comment('\u200Bspaced out\u200B').data?.commentText).toBe('spaced out');
  });

  it('keeps at most four marks on a letter', () => {
    const piled = `Z${'\u0301'.repeat(30)}ed`;
    expect(comment(piled).data?.commentText).toBe(`Z${'\u0301'.repeat(4)}ed`);
    expect(comment('Việt').data?.commentText).toBe('Việt');
  });

  it('treats an invisible profile field as a blank one', () => {
    const parsed = profileUpdateBodySchema.parse({ bio: '\u200B \u200B', lastName: '\u2060' });
    expect(parsed).toMatchObject({ bio: null, lastName: null });
  });
});
