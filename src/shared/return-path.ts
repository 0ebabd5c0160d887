/**
 * Where sign-in returns someone (`/auth?next=…`, `/api/login?next=…`): only a path of
 * Encore's own origin. A value that starts "//" or holds a backslash is read by browsers
 * as another host, one with a scheme is another site, and an /api path is no page; none
 * of them is ever followed.
 */
export const RETURN_PATH_MAX = 512;

export function isReturnPath(value: string): boolean {
  return (
    value.length <= RETURN_PATH_MAX &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\') &&
    // No control characters or spaces: a browser drops some of them and then reads "//".
    ![...value].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f) &&
    !/^\/api(?:[/?#]|$)/.test(value)
  );
}

/** `value` when it is a return path, else undefined. */
export function returnPathOrNone(value: string | null | undefined): string | undefined {
  return value && isReturnPath(value) ? value : undefined;
}
