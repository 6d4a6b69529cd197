// The executable's entry (dist/majordomus.cjs). The CLI itself is dist/cli.cjs, one CommonJS script
// compiled with V8's code cache (engine/cli/code-cache.ts); from the sources, where there is no such
// script, engine/cli/program.ts runs as it is.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './cli/code-cache';
import { askEarly } from './cli/early';

const script = fileURLToPath(new URL('./cli.cjs', import.meta.url));
if (existsSync(script)) {
  // a gate's first question to git is asked now, and answered while the program loads
  const argv = process.argv.slice(2);
  askEarly(argv, currentDirectory(), process.env);
  runWithCodeCache(script, argv);
} else void import('./cli/program').then(({ main }) => main(process.argv.slice(2)));

/** The directory the command runs in, as the program reads it; '' when it is gone (nothing is asked early). */
function currentDirectory(): string {
  try {
    return process.cwd();
  } catch {
    return '';
  }
}
