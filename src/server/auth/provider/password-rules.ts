/**
 * What the server adds to the shared password rules: a password may not be a well-known
 * common one. The list is zxcvbn-ts's common-password dictionary (about 49,000 entries
 * from leaked-password corpora, maintained with the library): an exact, case-insensitive
 * look-up says plainly why a password is refused, which a strength score would not, and
 * costs nothing per check once the set is built (on first use, server side only).
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

export const COMMON_PASSWORD =
  'This password is too common. Choose a longer or less predictable one, such as a few unrelated words.';

/** Why this new password is refused, or undefined when it is fine. */
export function commonPasswordProblem(password: string): string | undefined {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.trim().toLowerCase()) ? COMMON_PASSWORD : undefined;
}
