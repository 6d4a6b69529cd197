/**
 * The hook-manager checks' reads from the file system as it is, for `init`, which plans from it. The
 * wiring rule reads through its context instead (the staged content inside a pre-commit hook).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { readTextFile } from '../../io/text';
import type { HookFiles } from './detect';

/** The file system as it is, following symbolic links. */
export function workingTreeFiles(): HookFiles {
  return {
    kind(abs) {
      try {
        const stat = statSync(abs);
        return stat.isFile() ? 'file' : stat.isDirectory() ? 'dir' : 'other';
      } catch {
        // a dangling link runs nothing, as no file does
        return 'absent';
      }
    },
    executable(abs) {
      try {
        accessSync(abs, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    text: (abs, shown) => readTextFile(abs, shown),
  };
}
