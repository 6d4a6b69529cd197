/**
 * Reading the local half: the stores (decisions, questions), the records (checkpoints, handovers) and
 * any other file of it, each a regular UTF-8 file inside the repository or refused with its reason.
 * The commands and the capabilities read through these, so a store reads the same in both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Invocation } from '../commands/define';
import { UsageError } from '../errors';
import { Repository } from '../layer/repository';
import { readInside } from '../state/records/model';
import type { RecordKind, StoredRecord } from '../state/records/record';
import { isRecordName, parseRecord, RECORD_DIRS } from '../state/records/record';

/** The repository around the invocation's directory, read from its working tree (a writer writes, then reads again). */
export function openRepository(invocation: Invocation): Repository {
  return Repository.open(invocation.cwd, { env: invocation.env, tree: 'working' });
}

/** A store's text (repository-relative `file`); an absent store is empty. */
export function readStore(repository: Repository, file: string): string {
  try {
    return readFileSync(repository.layout.abs(file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw new UsageError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}) (make it a readable file)`);
  }
}

/** A file of the local half (repository-relative): a regular UTF-8 file inside the repository, or a UsageError naming why not. */
export function readLocal(repository: Repository, file: string): string {
  const text = readInside(repository.root, file);
  if (text === undefined) throw new UsageError(`${file} is gone (it was there a moment ago; ask again)`);
  if (typeof text !== 'string') throw new UsageError(`${file} cannot be read: ${text.unreadable}`);
  return text;
}

/** Every record of a kind in this checkout's store, with what could not be read. */
export function loadRecords(repository: Repository, kind: RecordKind): { records: StoredRecord[]; problems: string[] } {
  const dir = `${repository.layout.localDir}/${RECORD_DIRS[kind]}`;
  let names: string[];
  try {
    names = readdirSync(repository.layout.abs(dir));
  } catch {
    return { records: [], problems: [] };
  }
  const records: StoredRecord[] = [];
  const problems: string[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith('.md') || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (!isRecordName(name)) {
      problems.push(`${path} is not named as a record is`);
      continue;
    }
    try {
      records.push(parseRecord(kind, path, readFileSync(join(repository.root, path), 'utf8')));
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { records, problems };
}
