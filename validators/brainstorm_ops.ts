import { defineSessionValidator } from '../engine/brainstorm/define';
import type { SessionContext } from '../engine/brainstorm/define';
import type { Session } from '../engine/brainstorm/session';
import { printable } from '../engine/layer/document-error';
import { runGit } from '../engine/layer/git';

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
    context.violation({ subject: GITIGNORE, file: GITIGNORE, message: 'ops/.gitignore is missing; the facilitator writes it at bootstrap with the single line `*`' });
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
    context.violation({ subject: GITIGNORE, file: GITIGNORE, line: line.line, message: `ops/.gitignore holds \`${printable(line.value, 60)}\`; it holds the single line \`*\`` });
  }
  if (others.length === 0) context.ok({ subject: GITIGNORE, file: GITIGNORE, message: 'holds the single line `*`' });
}

/** BS-OPS-02: git, asked in the folder's own repository, tracks no file under `ops/`. */
function untracked(context: SessionContext, session: Session): void {
  if (session.gitTopLevel() === undefined) {
    context.skip({ subject: 'ops/', message: 'the session folder is not inside a git work tree, so git tracks nothing in it' });
    return;
  }
  const result = runGit(['ls-files', '-z', '--', 'ops'], session.folder);
  if (result.status !== 0) throw new Error(`git ls-files failed in ${session.folder}: ${result.stderr.trim()}`);
  const tracked = result.stdout.split('\0').filter((path) => path !== '');
  for (const path of tracked) {
    context.violation({ subject: path, file: path, message: `${path} is tracked by git; ops/ stays untracked and is deleted at the move (run: git rm --cached -- ${path})` });
  }
  if (tracked.length === 0) context.ok({ subject: 'ops/', message: 'git tracks no file under ops/' });
}
