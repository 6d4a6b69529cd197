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

/**
 * The JSON Schema `pattern` of every path field of a record (share/schemas: a session record's
 * changed_files, checkpoints and handovers, a checkpoint's or handover's changed_files, a task's scope,
 * a use case's stdin and files): repository-relative and in normal form — no leading slash or
 * backslash, drive, home or URL, no `.` or `..` segment, no doubled slash, no NUL. A trailing slash
 * names a folder (git status names an untracked folder so). A newline is part of a path (git allows it). `relativePathProblem` says the same in words.
 */
export const RELATIVE_PATH_PATTERN = String.raw`^(?![\\/])(?![A-Za-z]:)(?!~(?:[\\/]|$))(?![A-Za-z][A-Za-z0-9+.-]*://)(?![Ff][Ii][Ll][Ee]:)(?!(?:[\s\S]*[\\/])?\.\.?(?:[\\/]|$))(?![\s\S]*[\\/][\\/])[^\u0000]+$`;

/** Why `path` is not a repository-relative path in normal form (RELATIVE_PATH_PATTERN), in words; undefined when it is. */
export function relativePathProblem(path: string): string | undefined {
  if (path === '') return 'it is empty';
  if (path.includes('\0')) return 'it holds a NUL byte';
  if (/^[\\/]/.test(path)) return 'it starts at a root';
  if (/^[A-Za-z]:/.test(path)) return 'it names a drive';
  if (path === '~' || /^~[\\/]/.test(path)) return 'it names a home directory';
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(path) || /^file:/i.test(path)) return 'it is a URL';
  const segments = path.split(/[\\/]/);
  if (segments.includes('..')) return 'it has a .. segment, which leads out of where it is';
  if (segments.includes('.')) return 'it has a . segment';
  if (segments.slice(0, -1).includes('')) return 'it has a doubled slash';
  return undefined;
}
