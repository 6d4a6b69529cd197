/**
 * README.md's "Record what one worker did in one sitting" shows the scenario of the use case CI runs
 * (`.ai/repo/use-cases/open-and-close-a-session.md`, spec 004 as written): the two blocks must be the
 * same bytes, so the README cannot show a scenario that is not the one executed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fencedBlocks } from '../helpers/markdown';
import { ROOT } from '../helpers/repo';

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  expect(start, `no section "${heading}"`).toBeGreaterThan(-1);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

describe('README.md: Record what one worker did in one sitting', () => {
  it('shows exactly the scenario of the use case that CI runs, and that use case is active', () => {
    const readme = fencedBlocks(section(readFileSync(join(ROOT, 'README.md'), 'utf8'), 'Record what one worker did in one sitting')).filter(
      (b) => b.info === 'yaml',
    );
    const useCase = readFileSync(join(ROOT, '.ai/repo/use-cases/open-and-close-a-session.md'), 'utf8');
    const scenario = fencedBlocks(useCase).filter((b) => b.info === 'yaml');
    expect(readme).toHaveLength(1);
    expect(scenario).toHaveLength(1);
    expect(readme[0]!.body).toBe(scenario[0]!.body);
    expect(useCase).toMatch(/^status: active$/m);
    expect(readme[0]!.body).toMatch(/run: \['session', 'start'/);
  });
});
