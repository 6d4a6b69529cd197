/**
 * Git's option parser, as far as the guard needs it: a command's options declared as data (flags,
 * options with a value, options with an optional value that must be attached), read the way git reads
 * them — unambiguous prefixes of long options, negations, clusters of short options, values that are
 * not options, `--` — and the words of an alias split as git splits them.
 */
import type { Field } from './fields';
import { known, mayBeOption, text } from './fields';

export type Arity = 'flag' | 'value' | 'optional';

/** A command's options as git's option parser declares them. */
export interface Spec {
  readonly short: Readonly<Record<string, Arity>>;
  readonly long: Readonly<Record<string, Arity>>;
  /** The option that skips the hooks (its long name; the short letter when it has one) and the hooks it skips. */
  readonly skip?: { readonly long: string; readonly short?: string; readonly gates: readonly string[] };
}

/** `a:b` in the short table: letters before the first `:` are flags, then values, then optional values. */
export function spec(short: string, long: string, skip?: Spec['skip']): Spec {
  const [flags = '', values = '', optional = ''] = short.split(':');
  const shortTable: Record<string, Arity> = {};
  for (const c of flags) shortTable[c] = 'flag';
  for (const c of values) shortTable[c] = 'value';
  for (const c of optional) shortTable[c] = 'optional';
  const longTable: Record<string, Arity> = {};
  for (const entry of long.split(' ').filter(Boolean)) {
    if (entry.endsWith('?=')) longTable[entry.slice(0, -2)] = 'optional';
    else if (entry.endsWith('=')) longTable[entry.slice(0, -1)] = 'value';
    else longTable[entry] = 'flag';
  }
  return { short: shortTable, long: longTable, ...(skip ? { skip } : {}) };
}

/** The options of one command, as git's option parser reads them, stopping at `--`. */
export interface ReadOptions {
  /** Each option with its value, in order (long names without dashes; short as one letter). */
  readonly options: Array<{ readonly name: string; readonly value?: Field; readonly negated?: boolean; readonly raw: string }>;
  readonly positionals: Field[];
  /** An argument that may be an option but is not known. */
  readonly unknown?: Field;
}

export function readOptions(args: readonly Field[], table: Spec): ReadOptions {
  const out: ReadOptions = { options: [], positionals: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const word = known(arg);
    if (word === undefined) {
      // an argument that may be an option is read as a flag, and named: the rest is still read
      if ((mayBeOption(arg) || arg.spread) && out.unknown === undefined) Object.assign(out, { unknown: arg });
      else if (!mayBeOption(arg)) out.positionals.push(arg);
      continue;
    }
    if (word === '--') {
      out.positionals.push(...args.slice(i + 1));
      return out;
    }
    if (word.startsWith('--')) {
      const equals = word.indexOf('=');
      const given = word.slice(2, equals === -1 ? undefined : equals);
      const resolved = resolveLong(given, table);
      const arity = resolved ? table.long[resolved.name] : undefined;
      let value: Field | undefined = equals === -1 ? undefined : text(word.slice(equals + 1));
      if (value === undefined && arity === 'value' && !resolved?.negated) value = args[++i];
      out.options.push({
        name: resolved?.name ?? given,
        ...(value ? { value } : {}),
        ...(resolved?.negated ? { negated: true } : {}),
        raw: word,
      });
    } else if (word.startsWith('-') && word.length > 1) {
      for (let c = 1; c < word.length; c++) {
        const letter = word[c]!;
        const arity = table.short[letter] ?? 'flag';
        if (arity === 'flag') {
          out.options.push({ name: letter, raw: word });
          continue;
        }
        const attached = word.slice(c + 1);
        const value = attached !== '' ? text(attached) : arity === 'value' ? args[++i] : undefined;
        out.options.push({ name: letter, ...(value ? { value } : {}), raw: word });
        break;
      }
    } else out.positionals.push(arg);
  }
  return out;
}

/**
 * A long option as git resolves it: the exact name, the negation of one (`--no-x`, `--x` for `no-x`),
 * or a prefix of exactly one. A prefix of the option that skips the hooks counts as that option even
 * where another of git's options shares it: a guard that reads `--no-ver` as `--no-verify` costs one
 * retyped word, one that reads it otherwise costs a gate.
 */
export function resolveLong(given: string, table: Spec): { name: string; negated?: boolean } | undefined {
  const names = Object.keys(table.long);
  if (names.includes(given)) return { name: given };
  if (given.startsWith('no-') && names.includes(given.slice(3))) return { name: given.slice(3), negated: true };
  if (names.includes(`no-${given}`)) return { name: `no-${given}`, negated: true };
  const skip = table.skip?.long;
  if (skip && given.length >= 4 && skip.startsWith(given)) return { name: skip };
  const candidates = new Map<string, { name: string; negated?: boolean }>();
  for (const name of names) {
    if (name.startsWith(given)) candidates.set(name, { name });
    if (given.startsWith('no-') && name.startsWith(given.slice(3))) candidates.set(`no-${name}`, { name, negated: true });
  }
  return candidates.size === 1 ? [...candidates.values()][0] : undefined;
}

/** Whether the options leave the hooks skipped: the skipping option given, and not negated after. */
export function skipsHooks(read: ReadOptions, table: Spec): boolean {
  if (!table.skip) return false;
  const { long, short } = table.skip;
  const positive = long.replace(/^no-/, '');
  let skipped = false;
  for (const option of read.options) {
    if ((option.name === long && !option.negated) || (short !== undefined && option.name === short)) skipped = true;
    else if ((option.name === positive && !option.negated) || (option.name === long && option.negated)) skipped = false;
    else if (option.name === positive && option.negated) skipped = true;
  }
  return skipped;
}

/** Words of a command line as git splits an alias (quotes and backslashes, no expansion). */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
