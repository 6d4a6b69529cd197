/**
 * Where the gates live and what takes them away: the hooks directory (`.git/hooks`, a hook by its
 * name), the hook managers' folders and configuration (husky's `.husky/`, lefthook's and pre-commit's
 * files), and the commands that remove, empty, move, replace or un-execute a file (`rm`, `mv`, `cp`,
 * `ln`, `chmod -x`, `truncate`, `sed -i`, `tee`, `dd of=`, a redirection). Also the environment
 * switches of the hook managers (`HUSKY=0`, `LEFTHOOK=0`, pre-commit's `SKIP`) and of this tool's own
 * gate (`MAJORDOMUS_REPOSITORY_VALIDATORS=0`).
 */
import type { Field, Finding, Judgement } from './fields';
import { EVERY_HOOK, known, shown } from './fields';

/** The hooks that are gates: each refuses a commit, a merge, a rebase or a push when it fails. */
export const GATE_HOOKS = [
  'pre-commit',
  'commit-msg',
  'prepare-commit-msg',
  'pre-merge-commit',
  'pre-push',
  'pre-rebase',
  'applypatch-msg',
  'pre-applypatch',
] as const;

/** Files whose removal or rewrite changes what a hook manager runs (matched as a path's last parts). */
const MANAGER_FILES = [
  '.husky',
  'lefthook.yml',
  '.lefthook.yml',
  'lefthook.yaml',
  '.lefthook.yaml',
  'lefthook-local.yml',
  '.lefthook-local.yml',
  '.pre-commit-config.yaml',
];

/** The parts of a path, with `.` and `..` resolved as far as they go. */
export function normalParts(path: string): string[] {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return out;
}

/** A glob of one path part (`*`, `?`, `[…]`) as a regular expression; a hole (NUL) is `*`. A wildcard never matches a leading dot. */
function partPattern(part: string): RegExp {
  let source = /^[*?[\u0000]/.test(part) ? '(?!\\.)' : '';
  for (let i = 0; i < part.length; i++) {
    const c = part[i]!;
    if (c === '*' || c === '\u0000') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = part.indexOf(']', i + 2);
      if (end === -1) source += '\\[';
      else {
        source += `[${part
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else source += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The text of a path field, a hole written as NUL (a glob star to partPattern); undefined when nothing of it is known. */
function pathText(field: Field): string | undefined {
  const value = field.segments.map((segment) => (typeof segment === 'string' ? segment : '\u0000')).join('');
  return value.replace(/\u0000/g, '') === '' ? undefined : value;
}

export interface Place {
  readonly what: string;
  readonly gates: readonly string[];
}

/**
 * What a path names among the gates' places, matched on its last parts wherever it starts: a hook by
 * its name, a file in a hooks folder, the hooks folder, a hook manager's folder or file, the git
 * directory. `recursive`: a removal or move of a whole folder, which also takes what is inside it.
 */
export function hookPlace(parts: readonly string[]): Place | undefined {
  if (parts.length === 0) return undefined;
  const patterns = parts.map(partPattern);
  const last = parts[parts.length - 1]!;
  const endsWith = (candidate: string): boolean => {
    const wanted = candidate.split('/');
    if (wanted.length > patterns.length) return false;
    return wanted.every((part, k) => part === '*' || patterns[patterns.length - wanted.length + k]!.test(part));
  };
  const literalHook = (GATE_HOOKS as readonly string[]).includes(last);
  const inHooksFolder = endsWith('.git/hooks/*') || endsWith('.husky/*') || endsWith('.husky/_/*') || endsWith('hooks/*');
  if (literalHook || inHooksFolder) {
    const hook = GATE_HOOKS.find((name) => patterns[patterns.length - 1]!.test(name));
    if (hook && (literalHook || inHooksFolder)) return { what: `the ${hook} hook`, gates: [hook] };
    if (endsWith('.git/hooks/*') || endsWith('.husky/*')) return { what: 'a file of the hooks folder', gates: [EVERY_HOOK] };
  }
  if (endsWith('.git/hooks') || endsWith('.husky/_') || endsWith('.husky')) return { what: 'the hooks folder', gates: [EVERY_HOOK] };
  for (const file of MANAGER_FILES) if (endsWith(file)) return { what: `the hook manager's ${file}`, gates: [EVERY_HOOK] };
  if (endsWith('.git')) return { what: 'the git directory and its hooks', gates: [EVERY_HOOK] };
  return undefined;
}

/**
 * Where a path field points among the gates' places. `cwd`: the directory the command runs in, as
 * parts from where the line started (undefined after a `cd` somewhere unknown); `start`: where the line
 * started, absolute. A recursive change of the checkout or a folder above it takes the hooks too.
 */
export function placeOf(field: Field, cwd: readonly string[] | undefined, start: string, recursive: boolean): Place | undefined {
  const value = pathText(field);
  if (value === undefined) return undefined;
  const full = value.startsWith('/') || cwd === undefined ? value : [...cwd, value].join('/');
  const parts = normalParts(full);
  if (recursive && (cwd !== undefined || value.startsWith('/'))) {
    const above = full.startsWith('/')
      ? `/${normalParts(start).join('/')}/`.startsWith(parts.length === 0 ? '/' : `/${parts.join('/')}/`)
      : parts.every((part) => part === '..');
    if (above) return { what: 'the checkout and its hooks', gates: [EVERY_HOOK] };
  }
  return hookPlace(parts);
}

/** Record that `how` (`rm`, `> file`) changes a place of the gates, when `path` names one. */
export function touch(
  judgement: Judgement,
  path: Field,
  how: string,
  cwd: readonly string[] | undefined,
  start: string,
  recursive = false,
): void {
  const place = placeOf(path, cwd, start, recursive);
  if (!place) return;
  judgement.findings.push({
    found: `${how} ${shown(path)}`,
    gates: place.gates,
    pass: `leave ${place.what} as it is and fix what the hook reports (a change to the gates is for a person to make)`,
  });
}

/** The arguments of a file command that it changes, and whether recursively; undefined when the command changes no file. */
export function changedPaths(name: string, args: readonly Field[]): { paths: Field[]; recursive: boolean; how: string } | undefined {
  const words = args.map(known);
  const stop = words.indexOf('--');
  const flags = words.filter((w, i): w is string => typeof w === 'string' && w.startsWith('-') && w !== '-' && (stop === -1 || i < stop));
  /** The operands: what is not an option (nor the value of one in `valued`), and all after `--`. */
  const operands = (valued: readonly string[] = []) =>
    args.filter(
      (_, i) =>
        (stop !== -1 && i > stop) ||
        (i !== stop && (stop === -1 || i < stop) && !(words[i] ?? '').startsWith('-') && !valued.includes(words[i - 1] ?? '')),
    );
  const recursive = flags.some((w) => /^-[a-zA-Z]*[rR]/.test(w) || w === '--recursive');
  switch (name) {
    case 'rm':
    case 'unlink':
    case 'rmdir':
    case 'shred':
    case 'trash':
    case 'trash-put':
      return { paths: operands(), recursive, how: name };
    case 'mv':
    case 'cp':
    case 'install':
    case 'ln': {
      const all = operands();
      const target = words.findIndex((w) => w === '-t' || w?.startsWith('--target-directory') === true);
      // mv takes its sources away; every one of these replaces what is at the destination
      const paths = name === 'mv' ? all : target !== -1 ? [args[target + 1]].filter((f): f is Field => f !== undefined) : all.slice(-1);
      if (name === 'mv' && target !== -1) paths.push(args[target + 1]!);
      return { paths, recursive: recursive || name === 'mv', how: name };
    }
    case 'chmod': {
      // the mode comes first and may look like an option (`chmod -x f`)
      const modeAt = args.findIndex(
        (field) =>
          /^[-+=ugoa0-7rwxXst,]+$/.test(known(field) ?? '') &&
          !/^--/.test(known(field) ?? '') &&
          !['-R', '-v', '-c', '-f'].includes(known(field) ?? ''),
      );
      const all =
        modeAt === -1
          ? operands(['--reference'])
          : [args[modeAt]!, ...args.slice(modeAt + 1).filter((field) => !(known(field) ?? '').startsWith('-'))];
      const mode = known(all[0] ?? { segments: [] });
      if (mode === undefined) return { paths: all.slice(1), recursive, how: 'chmod' };
      const removesExecute = /^[0-7]+$/.test(mode)
        ? (Number.parseInt(mode, 8) & 0o100) === 0
        : /-[rwXst]*x|=[^x,]*(,|$)|^[ugoa]*=$/.test(mode);
      return removesExecute ? { paths: all.slice(1), recursive, how: `chmod ${mode}` } : undefined;
    }
    case 'truncate':
      return { paths: operands(['-s', '--size', '-r', '--reference']), recursive: false, how: 'truncate' };
    case 'tee':
      return { paths: operands(), recursive: false, how: 'tee' };
    case 'dd': {
      const output = args.find(
        (field) => known(field)?.startsWith('of=') || (field.segments[0] as string | undefined)?.startsWith?.('of='),
      );
      return output
        ? { paths: [{ segments: [String(output.segments[0]).slice(3), ...output.segments.slice(1)] }], recursive: false, how: 'dd of=' }
        : undefined;
    }
    case 'sed':
    case 'perl': {
      if (!flags.some((w) => /^-[a-zA-Z]*i/.test(w) || w.startsWith('--in-place'))) return undefined;
      // the first operand is the script (sed's, or the value of -e)
      return { paths: operands().slice(1), recursive: false, how: `${name} -i` };
    }
  }
  return undefined;
}

/** The environment switches that turn a hook manager's (or this tool's) gate off, by variable. */
export function switchFinding(name: string, value: Field, usesPreCommit: () => boolean): Finding | 'unknown' | undefined {
  const v = known(value);
  const off = (gates: readonly string[], manager: string): Finding => ({
    found: `${name}=${shown(value)}`,
    gates,
    pass: `run the command without ${name}, so ${manager} runs the hooks, and fix what they report`,
  });
  switch (name) {
    case 'HUSKY':
      return v === undefined ? 'unknown' : v === '0' || v === 'false' ? off([EVERY_HOOK], 'husky') : undefined;
    case 'HUSKY_SKIP_HOOKS':
      return v === undefined ? 'unknown' : v !== '' && v !== '0' && v !== 'false' ? off([EVERY_HOOK], 'husky') : undefined;
    case 'LEFTHOOK':
      return v === undefined ? 'unknown' : v === '0' || v === 'false' ? off([EVERY_HOOK], 'lefthook') : undefined;
    case 'LEFTHOOK_EXCLUDE':
    case 'LEFTHOOK_SKIP':
      return v === '' ? undefined : off([EVERY_HOOK], 'lefthook');
    case 'SKIP':
      return v === '' || !usesPreCommit() ? undefined : off([EVERY_HOOK], 'pre-commit');
    case 'MAJORDOMUS_REPOSITORY_VALIDATORS':
      return v === undefined
        ? 'unknown'
        : /^(0|false|off|no)$/i.test(v)
          ? off([EVERY_HOOK], "the gate's repository validators")
          : undefined;
  }
  return undefined;
}

/** Variables whose value on a hook-running command may turn a gate off. */
export const SWITCHES = [
  'HUSKY',
  'HUSKY_SKIP_HOOKS',
  'LEFTHOOK',
  'LEFTHOOK_EXCLUDE',
  'LEFTHOOK_SKIP',
  'SKIP',
  'MAJORDOMUS_REPOSITORY_VALIDATORS',
];
