// The executable's entry (dist/majordomus.cjs). The CLI itself is dist/cli.cjs, one CommonJS script
// compiled with V8's code cache (engine/cli/code-cache.ts); from the sources, where there is no such
// script, engine/cli/program.ts runs as it is.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './cli/code-cache';

const script = fileURLToPath(new URL('./cli.cjs', import.meta.url));
if (existsSync(script)) runWithCodeCache(script);
else void import('./cli/program').then(({ main }) => main(process.argv.slice(2)));
