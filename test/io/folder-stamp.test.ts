/**
 * A folder's stamp (engine/io/folder-stamp.ts): equal only while the folder holds the same names of the
 * same kinds; none for what is not a folder itself, nor for a folder changed in the last two seconds.
 * Real folders on the disk; the clock is handed in, so nothing waits.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderStamp, RACY_MS } from '../../engine/io/folder-stamp';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'majordomus-stamp-'));
  mkdirSync(join(dir, 'records'));
  writeFileSync(join(dir, 'records', 'a.md'), 'a');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The stamp as a run would take it once the folder has stood still. */
const later = (path: string): string | undefined => folderStamp(path, Date.now() + RACY_MS + 1_000);

describe('folderStamp', () => {
  it('is the same while nothing in the folder changes, even when a file in it is rewritten', () => {
    const records = join(dir, 'records');
    const first = later(records);
    expect(first).toBeDefined();
    writeFileSync(join(records, 'a.md'), 'changed in place');
    expect(later(records)).toBe(first);
  });

  it('changes when an entry is added, removed, renamed, or turned into a folder', () => {
    const records = join(dir, 'records');
    const seen = new Set([later(records)]);
    const step = (change: () => void): void => {
      change();
      const stamp = later(records);
      expect(stamp).toBeDefined();
      expect(seen.has(stamp)).toBe(false);
      seen.add(stamp);
    };
    step(() => writeFileSync(join(records, 'b.md'), 'b'));
    step(() => renameSync(join(records, 'b.md'), join(records, 'c.md')));
    step(() => unlinkSync(join(records, 'c.md')));
    step(() => {
      unlinkSync(join(records, 'a.md'));
      mkdirSync(join(records, 'a.md'));
    });
  });

  it('is none for a folder changed within the last two seconds', () => {
    const records = join(dir, 'records');
    expect(folderStamp(records)).toBeUndefined();
    expect(folderStamp(records, Date.now() + RACY_MS + 1_000)).toBeDefined();
  });

  it('is none for a link to a folder, a file, or nothing', () => {
    symlinkSync(join(dir, 'records'), join(dir, 'link'));
    for (const path of [join(dir, 'link'), join(dir, 'records', 'a.md'), join(dir, 'missing')]) expect(later(path)).toBeUndefined();
  });
});
