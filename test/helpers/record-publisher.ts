/**
 * A publisher process for the record tests, bundled by the test with esbuild and run as its own Node
 * process (a race needs real processes). Two modes:
 *
 *   race <root> <dir> <rounds> <start-ms> <tag>   wait until <start-ms>, then publish one record a round,
 *                                                  every process trying the same first name, and print a
 *                                                  JSON line per round: the name published and its content
 *   once <root> <dir>                              publish one record; print its path, or the error's exit code
 */
import { randomBytes } from 'node:crypto';
import { MajordomusError } from '../../engine/errors';
import { publishRecord } from '../../engine/io/write/publish';

const [mode, root, dir, ...rest] = process.argv.slice(2);
if (mode === 'race') {
  const [rounds, start, tag] = rest;
  while (Date.now() < Number(start)) {
    // all publishers leave the barrier together
  }
  for (let round = 0; round < Number(rounds); round++) {
    let first = true;
    const content = `${tag} ${round} ${randomBytes(8).toString('hex')}\n`;
    const published = publishRecord({
      command: 'race',
      root: root!,
      dir: dir!,
      content,
      // every process asks for the same name first: exactly one may have it
      name: () =>
        first
          ? ((first = false), `round-${String(round).padStart(3, '0')}.md`)
          : `round-${String(round).padStart(3, '0')}-${randomBytes(8).toString('hex')}.md`,
    });
    process.stdout.write(`${JSON.stringify({ round, name: published.name, content })}\n`);
  }
} else {
  try {
    const published = publishRecord({
      command: 'once',
      root: root!,
      dir: dir!,
      content: 'a record\n',
      name: () => `${randomBytes(8).toString('hex')}.md`,
    });
    process.stdout.write(`${published.path}\n`);
  } catch (error) {
    if (!(error instanceof MajordomusError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = error.exitCode;
  }
}
