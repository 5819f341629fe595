/**
 * A value made when it is first asked for. For Intl formatters at module level: a page's first Intl
 * object loads ICU's locale data, 45–65 ms of main thread on the machines we measure (about 4× that
 * on a mid-range phone), which a chunk that is loaded but not yet formatting should not cost.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
