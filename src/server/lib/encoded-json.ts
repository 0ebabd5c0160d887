/**
 * JSON text already in the shape of `T`, written where writing it costs less than mapping
 * rows and serializing them (PostgreSQL's json_agg; docs/decisions/0015): a read answers it
 * as it is, never parsed and serialized again.
 */
export class EncodedJson<T> {
  /** The shape the text holds, for the compiler only. */
  declare readonly shape: T;

  constructor(readonly text: string) {}

  /** `head`'s fields and one more, `key`, whose value is the JSON text `value`. */
  static withField<T, K extends keyof T & string>(
    head: Omit<T, K>,
    key: K,
    value: EncodedJson<T[K]>,
  ): EncodedJson<T> {
    const fields = JSON.stringify(head);
    const separator = fields === '{}' ? '' : ',';
    return new EncodedJson(
      `${fields.slice(0, -1)}${separator}${JSON.stringify(key)}:${value.text}}`,
    );
  }
}
