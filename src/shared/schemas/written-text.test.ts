import { describe, expect, it } from 'vitest';
import { BIO_MAX, REVIEW_TEXT_MAX, WRITTEN_TEXT_RAW_FACTOR } from '../limits.ts';
import { tidyWrittenText, trimInvisibles, writtenText } from './common.ts';
import { createCommentBodySchema, reviewTextRule } from './reviews.ts';
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

  it('refuses text longer than its limit allows before it is tidied, with the too-long message', () => {
    const raw = REVIEW_TEXT_MAX * WRITTEN_TEXT_RAW_FACTOR;
    const review = reviewTextRule();
    const padded = `${' '.repeat(raw - 20)}a fine show`;
    expect(review.parse(padded)).toBe('a fine show');
    for (const tooLong of [' '.repeat(raw + 1), `\u0000${' '.repeat(raw)}`]) {
      expect(review.safeParse(tooLong).error?.issues.map((issue) => issue.message)).toEqual([
        `reviewText must be at most ${REVIEW_TEXT_MAX} characters`,
      ]);
    }
    expect(
      profileUpdateBodySchema.safeParse({ bio: ' '.repeat(BIO_MAX * 100) }).error?.issues,
    ).toEqual([expect.objectContaining({ path: ['bio'], message: 'Bio too long' })]);
    expect(writtenText('motto', 10).safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe(
      'motto must be at most 10 characters',
    );
  });

  it('tidies long runs of spaces, marks or broken surrogates in time that follows their length', () => {
    const length = 1 << 18;
    for (const long of [
      ' '.repeat(length) + 'x',
      'x' + ' '.repeat(length) + 'x',
      '\u0301'.repeat(length),
      '\u{1D167}'.repeat(length / 2),
      '\uD800'.repeat(length),
      '\u202E'.repeat(length),
    ]) {
      const started = performance.now();
      tidyWrittenText(long);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expect(tidyWrittenText(`Z${'\u{1D167}'.repeat(9)}`)).toBe(`Z${'\u{1D167}'.repeat(4)}`);
  });
});

describe('trimming what cannot be seen', () => {
  const invisibles: [string, string][] = [
    ['a space', ' '],
    ['a tab', '\t'],
    ['a line break', '\r\n'],
    ['a no-break space', '\u00A0'],
    ['an ideographic space', '\u3000'],
    ['a zero-width space', '\u200B'],
    ['a byte order mark', '\uFEFF'],
    ['a word joiner', '\u2060'],
    ['a soft hyphen', '\u00AD'],
    ['the Hangul fillers', '\u115F\u1160\u3164\uFFA0'],
    ['an astral format character (a tag)', '\u{E0020}\u{E0001}'],
  ];

  it.each(invisibles)('trims %s from both ends', (_, invisible) => {
    expect(trimInvisibles(`${invisible}${invisible}hello world${invisible}`)).toBe('hello world');
    expect(trimInvisibles(invisible.repeat(3))).toBe('');
  });

  it.each(invisibles)('keeps %s inside a text', (_, invisible) => {
    expect(trimInvisibles(`a${invisible}b`)).toBe(`a${invisible}b`);
  });

  it('keeps emoji joiners, astral letters and whatever is not invisible at the ends', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(trimInvisibles(` ${family}\u200B`)).toBe(family);
    expect(trimInvisibles('\u{1D400}x\u{1D400}')).toBe('\u{1D400}x\u{1D400}');
    expect(trimInvisibles('\u200B\u0301')).toBe('\u0301');
    expect(trimInvisibles('\uDC00 \uD800')).toBe('\uDC00 \uD800');
    expect(trimInvisibles('')).toBe('');
  });
});
