/**
 * What `echo`, `printf`, `cat` and some git commands print, where the guard can work it out — so
 * `git commit $(echo --no-verify)` is seen for what it is and `rm "$(git rev-parse --git-path
 * hooks)/pre-commit"` names the hook — and where `cd` leads.
 */
import type { Output, Stdin, Walk } from './calls';
import { EMPTY, NOTHING } from './calls';
import type { Field } from './fields';
import { known, text, unknownField } from './fields';

export function echo(args: readonly Field[]): Output {
  let i = 0;
  let newline = true;
  while (i < args.length && /^-[neE]+$/.test(known(args[i]!) ?? '')) if (known(args[i++]!)!.includes('n')) newline = false;
  const words = args.slice(i).map(known);
  if (words.some((w) => w === undefined))
    return { stdout: { segments: args.slice(i).flatMap((f, k) => (k === 0 ? [...f.segments] : [' ', ...f.segments])) } };
  return { stdout: text(`${words.join(' ')}${newline ? '\n' : ''}`) };
}

export function printf(args: readonly Field[]): Output {
  const words = args.map(known);
  let start = 0;
  if (words[0] === '--') start = 1;
  if (words[start] === '-v') return EMPTY;
  if (words.some((w) => w === undefined) || words[start] === undefined) return NOTHING;
  const format = words[start]!.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\\\/g, '\\');
  const values = words.slice(start + 1) as string[];
  let out = '';
  let used = 0;
  do {
    out += format.replace(/%[-+ #0-9.]*([sbdiqcx%])/g, (_all, conversion: string) => (conversion === '%' ? '%' : (values[used++] ?? '')));
  } while (used < values.length && /%[-+ #0-9.]*[sbdiqcx]/.test(format) && out.length < 65536);
  return { stdout: text(out) };
}

export function cat(walk: Walk, args: readonly Field[], stdin: Stdin): Output {
  const files = args.filter((field) => !(known(field) ?? 'x').startsWith('-') || known(field) === '-');
  if (files.length === 0 || (files.length === 1 && known(files[0]!) === '-'))
    return stdin.kind === 'text' ? { stdout: text(stdin.text) } : NOTHING;
  const bodies = files.map((field) => walk.file(field));
  return bodies.every((body) => body !== undefined) ? { stdout: text(bodies.join('')) } : NOTHING;
}

export function changeDirectory(walk: Walk, args: readonly Field[]): string[] | undefined {
  const target = args.find((field) => !(known(field) ?? 'x').startsWith('-'));
  const path = target === undefined ? undefined : known(target);
  if (path === undefined || (walk.cwd === undefined && !path.startsWith('/'))) return undefined;
  if (path.startsWith('/')) return ['', ...path.split('/').filter(Boolean)];
  return [...walk.cwd!, ...path.split('/').filter(Boolean)];
}

/** What a git command prints, where the guard can tell: the paths `rev-parse` names, a branch's name. */
export function gitOutput(args: readonly Field[]): Output {
  const words = args.map(known);
  const sub = words.find((w) => w !== undefined && !w.startsWith('-'));
  if (sub === 'rev-parse') {
    const at = words.indexOf('--git-path');
    if (at !== -1 && words[at + 1] !== undefined) return { stdout: text(`.git/${words[at + 1]}`) };
    if (words.some((w) => w === '--git-dir' || w === '--git-common-dir')) return { stdout: text('.git') };
    if (words.includes('--absolute-git-dir')) return { stdout: { segments: [{ hole: 'safe' }, '/.git'] } };
    return { stdout: unknownField(true) };
  }
  if (
    sub === 'branch' ||
    sub === 'symbolic-ref' ||
    sub === 'merge-base' ||
    sub === 'describe' ||
    sub === 'write-tree' ||
    sub === 'hash-object'
  )
    return { stdout: unknownField(true) };
  if (sub === 'ls-files' || sub === 'diff') return { stdout: unknownField(), item: unknownField(true) };
  return NOTHING;
}
