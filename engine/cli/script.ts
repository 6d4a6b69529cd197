// The CLI as one CommonJS script (dist/cli.cjs), which engine/main.ts compiles with V8's code cache.
import { main } from './program';

void main(process.argv.slice(2));
