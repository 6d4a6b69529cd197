import { relative, sep } from 'node:path';
import { printable } from '../engine/api/toolkit/index';
import type { SessionContext } from '../engine/brainstorm/define';
import { defineSessionValidator } from '../engine/brainstorm/define';
import type { Session } from '../engine/brainstorm/session';

const GITIGNORE = 'ops/.gitignore';

export default defineSessionValidator({
  name: 'brainstorm_ops',
  description: "A brainstorm session's ops/ folder ignores itself with the single line `*`, and git tracks none of it.",
  checks: {
    gitignore,
    untracked,
  },
});

/** BS-OPS-01: `ops/.gitignore` exists and holds the single line `*` (blank lines aside). */
function gitignore(context: SessionContext, session: Session): void {
  const lines = session.gitignore;
  if (!lines) {
    context.violation({
      subject: GITIGNORE,
      file: GITIGNORE,
      message: 'ops/.gitignore is missing; the facilitator writes it at bootstrap with the single line `*`',
    });
    return;
  }
  const content = lines.filter((line) => line.value.trim() !== '');
  if (content.length === 0) {
    context.violation({ subject: GITIGNORE, file: GITIGNORE, message: 'ops/.gitignore is empty; it holds the single line `*`' });
    return;
  }
  const star = content.find((line) => line.value === '*');
  const others = content.filter((line) => line !== star);
  for (const line of others) {
    context.violation({
      subject: GITIGNORE,
      file: GITIGNORE,
      line: line.line,
      message: `ops/.gitignore holds \`${printable(line.value, 60)}\`; it holds the single line \`*\``,
    });
  }
  if (others.length === 0) context.ok({ subject: GITIGNORE, file: GITIGNORE, message: 'holds the single line `*`' });
}

/** BS-OPS-02: git, asked in the folder's own repository, tracks no file under `ops/`. */
function untracked(context: SessionContext): void {
  const git = context.git;
  if (git === undefined) {
    context.skip({ subject: 'ops/', message: 'the session folder is not inside a git work tree, so git tracks nothing in it' });
    return;
  }
  // git names what it tracks from its top level; the findings name it from the session folder
  const prefix = relative(git.root, context.disk.realpath(context.target)).split(sep).join('/');
  const ops = prefix === '' ? 'ops' : `${prefix}/ops`;
  const tracked = git.tracked(`:(literal)${ops}`).map((path) => path.slice(ops.length - 'ops'.length));
  for (const path of tracked) {
    context.violation({
      subject: path,
      file: path,
      message: `${path} is tracked by git; ops/ stays untracked and is deleted at the move (run: git rm --cached -- ${path})`,
    });
  }
  if (tracked.length === 0) context.ok({ subject: 'ops/', message: 'git tracks no file under ops/' });
}
