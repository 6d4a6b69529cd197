// The executable's entry: everything else is imported on demand by engine/cli.ts.
import { main } from './cli';

void main(process.argv.slice(2));
