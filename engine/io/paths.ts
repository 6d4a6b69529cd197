/**
 * Path values from the layer are repository-relative, on every platform. "Absolute" is judged for all
 * of them at once: a leading slash or backslash, a drive letter, a UNC or URL form, a home directory,
 * or any `..` segment (split on both slashes, before normalising) escapes the repository.
 */

/** Why `path` is not a safe repository-relative path, or undefined when it is. */
export function unsafePathReason(path: string): string | undefined {
  if (path === '') return 'is empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'holds a control character';
  if (path.startsWith('/') || path.startsWith('\\')) return 'is absolute';
  if (/^[A-Za-z]:/.test(path)) return 'names a drive';
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(path) || /^file:/i.test(path)) return 'is a URL';
  if (path === '~' || path.startsWith('~/') || path.startsWith('~\\')) return 'names a home directory';
  if (path.split(/[\\/]/).some((segment) => segment === '..')) return 'has a .. segment';
  return undefined;
}

/** True when `path` may be joined to the repository root without escaping it. */
export function isSafeRelativePath(path: string): boolean {
  return unsafePathReason(path) === undefined;
}
