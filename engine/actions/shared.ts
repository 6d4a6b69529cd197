/** What the commands share: the repository around the working directory, and a line printed on stdout. */
import type { Invocation } from '../commands/define';
import { Repository } from '../layer/repository';

/** The repository around the working directory, read from its working tree (a command writes, then reads again). */
export function openRepository(invocation: Invocation): Repository {
  return Repository.open(invocation.cwd, { env: invocation.env, tree: 'working' });
}

/** Print one line on stdout. */
export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}
