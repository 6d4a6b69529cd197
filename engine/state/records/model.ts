/**
 * The records as validators see them: `context.model(recordsModel)`, built from the repository a gate
 * judges once per run. The decisions and questions stores and the checkpoint and handover folders live in
 * the local half of the layer, which git never tracks, so they are read from the disk — regular files
 * only, and only inside the repository: a state folder, a record folder or a file reached through a link
 * leading outside is described as unreadable, never followed and never thrown. Each part is read when a
 * validator first asks for it, so a gate whose rules never look at the records never reads them.
 */
import { readdirSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { defineModel } from '../../api/validator';
import { MajordomusError } from '../../errors';
import { DocumentError } from '../../io/document-error';
import { isolatedGitEnv, runGit } from '../../io/git';
import { readRegularFile } from '../../io/regular-file';
import { resolveLedger } from '../ledger/path';
import type { DecisionEntry } from './decisions';
import { DECISIONS_FILE, parseDecisions } from './decisions';
import type { QuestionsStore } from './questions';
import { parseQuestions, QUESTIONS_FILE } from './questions';
import type { RecordKind, StoredRecord } from './record';
import { isRecordName, parseRecord, RECORD_DIRS } from './record';

/**
 * The outcomes that say honestly the work is not done: what a completed task would owe (an answer, an
 * obligation) is reported as outstanding under them, never refused.
 */
export const UNFINISHED_OUTCOMES: ReadonlySet<string> = new Set(['partial', 'blocked', 'no_match', 'failed', 'handed_over']);

/** The largest store or record the model reads. */
const MAX_BYTES = 4 * 1024 * 1024;

/** A store file as read: absent, unreadable (and why), or its parsed content. */
export type StoreRead<T> =
  | { readonly status: 'absent' }
  | { readonly status: 'unreadable'; readonly reason: string }
  | { readonly status: 'present'; readonly value: T };

/** A file of a record folder that is not a record this tool could have written. */
export interface RecordProblem {
  readonly path: string;
  readonly line: number | undefined;
  readonly message: string;
}

/** One record folder as read. */
export type RecordsRead =
  | { readonly status: 'unreadable'; readonly reason: string }
  | { readonly status: 'present'; readonly records: readonly StoredRecord[]; readonly problems: readonly RecordProblem[] };

/** The records of one repository for one run of a gate. */
export interface RecordsModel {
  /** The decisions store, repository-relative. */
  readonly decisionsFile: string;
  /** The questions store, repository-relative. */
  readonly questionsFile: string;
  /** A record folder, repository-relative. */
  dir(kind: RecordKind): string;
  decisions(): StoreRead<readonly DecisionEntry[]>;
  questions(): StoreRead<QuestionsStore>;
  records(kind: RecordKind): RecordsRead;
  /**
   * Whether `commit` is in the history of HEAD: `yes`, `no`, or `unknown` when git does not know the
   * commit (a history rewritten and collected) or there is no HEAD.
   */
  contains(commit: string): 'yes' | 'no' | 'unknown';
}

/** The records of the repository a gate judges. */
export const recordsModel = defineModel({
  name: 'records',
  target: 'repository',
  build: (target): RecordsModel => openRecords(target.path, target.repository.layer.localDir, target.env),
});

/**
 * The records of the checkout at `root` (absolute) whose local half is `localDir`, read lazily as the
 * model reads them: what a command outside a gate (`context`) reads through the same rules.
 */
export function openRecords(root: string, localDir: string, env: Readonly<Record<string, string | undefined>>): RecordsModel {
  const location = { root, localDir };
  const decisionsFile = `${localDir}/${DECISIONS_FILE}`;
  const questionsFile = `${localDir}/${QUESTIONS_FILE}`;
  const cache = new Map<string, unknown>();
  const once = <T>(key: string, read: () => T): T => {
    if (!cache.has(key)) cache.set(key, read());
    return cache.get(key) as T;
  };
  // the state folder and everything on its way stay inside the repository, as for the ledger
  const stateProblem = (): string | undefined =>
    once('state', () => {
      try {
        resolveLedger(location, 'records', false);
        return undefined;
      } catch (error) {
        if (error instanceof MajordomusError) return error.message.replace(/^records: /, '').replace(/; nothing was written/, '');
        throw error;
      }
    });
  const store = <T>(file: string, parse: (text: string) => T): StoreRead<T> =>
    once(file, () => {
      const blocked = stateProblem();
      if (blocked) return { status: 'unreadable', reason: blocked };
      const text = readInside(root, file);
      if (text === undefined) return { status: 'absent' };
      if (typeof text !== 'string') return { status: 'unreadable', reason: text.unreadable };
      return { status: 'present', value: parse(text) };
    });
  return {
    decisionsFile,
    questionsFile,
    dir: (kind) => `${localDir}/${RECORD_DIRS[kind]}`,
    decisions: () => store(decisionsFile, parseDecisions),
    questions: () => store(questionsFile, parseQuestions),
    records: (kind) =>
      once(`records:${kind}`, (): RecordsRead => {
        const blocked = stateProblem();
        if (blocked) return { status: 'unreadable', reason: blocked };
        return readRecordDir(root, kind, `${localDir}/${RECORD_DIRS[kind]}`);
      }),
    contains: (commit) =>
      once(`contains:${commit}`, () => {
        if (!/^[0-9a-f]{40,64}$/.test(commit)) return 'unknown';
        // git finds the repository from its top level, whatever selectors a hook exported
        const result = runGit(['merge-base', '--is-ancestor', commit, 'HEAD'], root, isolatedGitEnv(env));
        return result.status === 0 ? 'yes' : result.status === 1 ? 'no' : 'unknown';
      }),
  };
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !rel.startsWith(sep));
}

/** The real path of `path` when it exists and stays inside the repository; undefined when absent; why not otherwise. */
function realInside(root: string, path: string): string | undefined | { unreadable: string } {
  let real: string;
  try {
    real = realpathSync(join(root, path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { unreadable: `${path} cannot be reached (${code ?? 'error'})` };
  }
  if (!inside(realpathSync(root), real))
    return { unreadable: `${path} leads outside the repository (to ${real}); it is not read (replace the link with the file itself)` };
  return real;
}

/** A file's text when it is a regular file inside the repository; undefined when absent. */
export function readInside(root: string, path: string): string | undefined | { unreadable: string } {
  const real = realInside(root, path);
  if (real === undefined || typeof real !== 'string') return real;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(readRegularFile(real, path, MAX_BYTES));
  } catch (error) {
    if (error instanceof DocumentError) return { unreadable: `${error.reason} (${error.fix})` };
    if (error instanceof TypeError) return { unreadable: `${path} is not UTF-8 text` };
    throw error;
  }
}

/** Every record of a folder, with each file that is not one. */
function readRecordDir(root: string, kind: RecordKind, dir: string): RecordsRead {
  const real = realInside(root, dir);
  if (real === undefined) return { status: 'present', records: [], problems: [] };
  if (typeof real !== 'string') return { status: 'unreadable', reason: real.unreadable };
  let names: string[];
  try {
    names = readdirSync(real);
  } catch (error) {
    return { status: 'unreadable', reason: `${dir} cannot be listed (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const records: StoredRecord[] = [];
  const problems: RecordProblem[] = [];
  for (const name of names.sort()) {
    // the publisher's temporary files start with a dot; anything else not Markdown is not a record's
    if (name.startsWith('.') || !name.endsWith('.md')) continue;
    const path = `${dir}/${name}`;
    if (!isRecordName(name)) {
      problems.push({ path, line: undefined, message: `${path} is not named as a record is (<utc>--<branch>--<head>--<16 hex>.md)` });
      continue;
    }
    const text = readInside(root, path);
    if (text === undefined) continue;
    if (typeof text !== 'string') {
      problems.push({ path, line: undefined, message: text.unreadable });
      continue;
    }
    try {
      records.push(parseRecord(kind, path, text));
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      problems.push({ path, line: error.line, message: `${error.reason} (${error.fix})` });
    }
  }
  return { status: 'present', records, problems };
}
