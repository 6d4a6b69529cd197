import { isUnreadable } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { COMMAND_FAMILIES } from '../engine/usecases/families';
import type { UseCase } from '../engine/usecases/format';
import { parseUseCase } from '../engine/usecases/format';

/**
 * A repository that keeps executable use cases (`<repo>/use-cases/`) shows each command family of the
 * CLI in at least one active use case whose scenario runs it. A repository without the directory keeps
 * none and is not judged: coverage is a promise a repository makes by starting to keep use cases.
 */
export default defineValidator({
  name: 'use_case_coverage',
  description: 'Every command family of the CLI is named and run by an active use case with a scenario.',
  // finish too: the upstream tool's rule enforces coverage when a task finishes
  gates: ['doctor', 'check', 'finish'],
  run(context) {
    const dir = `${context.layer.repoDir}/use-cases`;
    if (context.kind(dir) === 'absent') {
      context.skip({ subject: dir, message: 'this repository keeps no use cases, so their coverage is not judged' });
      return;
    }
    const read: UseCase[] = [];
    for (const entry of context.list(dir)) {
      if (entry.directory || !entry.name.endsWith('.md')) continue;
      const file = `${dir}/${entry.name}`;
      let text: string;
      try {
        text = context.read(file);
      } catch (error) {
        if (!isUnreadable(error)) throw error;
        context.violation({ subject: file, file, message: `the use case cannot be read: ${(error as Error).message}` });
        continue;
      }
      const { useCase, problems } = parseUseCase(text, file);
      for (const problem of problems)
        context.violation({
          subject: file,
          file,
          line: problem.line,
          message: `${problem.message} (check it: majordomus usecase validate ${entry.name.slice(0, -3)})`,
        });
      if (useCase) read.push(useCase);
    }
    // a draft demonstrates nothing yet, and naming a command is not running it
    const covering = new Map<string, string[]>();
    for (const useCase of read) {
      if (useCase.status !== 'active' || !useCase.scenario) continue;
      for (const step of useCase.scenario.steps) {
        // a worker step runs the worker's own shell command, no command of the tool
        if (step.run === undefined) continue;
        const ids = covering.get(step.run[0]!) ?? [];
        if (!ids.includes(useCase.id)) covering.set(step.run[0]!, [...ids, useCase.id]);
      }
    }
    let gaps = 0;
    for (const family of COMMAND_FAMILIES) {
      if (covering.has(family)) continue;
      gaps++;
      context.violation({
        subject: `majordomus ${family}`,
        message: `no active use case in ${dir}/ runs \`majordomus ${family}\` (write one with a scenario that runs it; see docs/CLI.md, usecase)`,
      });
    }
    if (gaps === 0)
      context.ok({
        subject: dir,
        message: `${COMMAND_FAMILIES.length} command families, each run by an active use case (${read.length} use case(s))`,
      });
  },
});
