import { checkSchema, isUnreadable, unsafePathReason } from '../engine/api/toolkit/index';
import type { TreeReader, ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { isStrayLeftover, isWriterLeftover, STRAY_PATHSPECS } from '../engine/io/write/leftover';

/** Sections a repository may leave absent: a repository with no plan has no project directory. */
const OPTIONAL_SECTIONS: ReadonlySet<string> = new Set(['project']);
/** Sections that are one file; every other section is a folder. */
const FILE_SECTIONS: ReadonlySet<string> = new Set(['policy', 'scope']);

export default defineValidator({
  name: 'ai_layout',
  description:
    'The AI layer is real: a manifest this version reads, every section present, the local half ignored and untracked, no stray copy of a stopped writer where git add reaches it.',
  gates: ['doctor', 'watch'],
  run(context) {
    const { layer, git } = context;
    const manifestFile = layer.manifestFile;
    // the layer's folder is the manifest's (`.ai`)
    const aiDir = manifestFile.slice(0, manifestFile.lastIndexOf('/'));
    const manifest = layer.manifest;
    const sections = ((manifest.value as { sections?: unknown }).sections ?? {}) as Record<string, unknown>;
    for (const problem of checkSchema('manifest', manifest)) {
      // an escaping section path is reported once, below, in words rather than as the schema's pattern
      if (problem.keyword === 'pattern' && isUnsafeSection(sections, problem.key)) continue;
      context.violation({
        subject: manifestFile,
        file: manifestFile,
        line: problem.line,
        message: `${problem.message} (the manifest follows share/schemas/manifest.v1.schema.json)`,
      });
    }
    let present = 0;
    for (const [name, value] of Object.entries(sections)) {
      const line = manifest.lines.get(`sections.${name}`);
      if (typeof value !== 'string') continue; // the schema problem above names it
      const unsafe = unsafePathReason(value);
      if (unsafe) {
        context.violation({
          subject: manifestFile,
          file: manifestFile,
          line,
          message: `the section \`${name}\` path ${JSON.stringify(value)} ${unsafe}; a section is a path relative to ${aiDir}/`,
        });
        continue;
      }
      const path = layer.section(name)!;
      const unreadable = FILE_SECTIONS.has(name) ? undefined : folderProblem(context, path);
      if (unreadable) {
        // a folder that cannot be read is not an empty one: what it holds would silently vanish
        context.violation({ subject: path, file: manifestFile, line, message: `the section \`${name}\` at ${path} ${unreadable}` });
      } else if (context.exists(path)) present++;
      else if (!OPTIONAL_SECTIONS.has(name)) {
        context.violation({
          subject: path,
          file: manifestFile,
          line,
          message: `the manifest names the section \`${name}\` at ${path}, which does not exist (create it, or run: majordomus init --extend)`,
        });
      }
    }
    const readme = `${aiDir}/README.md`;
    if (!context.exists(readme)) {
      context.violation({
        subject: readme,
        message: `${readme} is missing: the layer explains itself to the people who find it (run: majordomus init --extend)`,
      });
    }
    const local = layer.localDir;
    if (!git.isIgnored(`${local}/`)) {
      context.violation({
        subject: `${local}/`,
        message: `${local}/ is not ignored by git; it holds this checkout's own state (add \`${local}/\` to .gitignore)`,
      });
    }
    for (const file of git.tracked(local)) {
      context.violation({ subject: file, message: `${file} is tracked, but ${local}/ is never tracked (run: git rm --cached -- ${file})` });
    }
    reportStrays(context, local);
    context.ok({ subject: manifestFile, message: `${present} section(s) present` });
  },
});

/**
 * A writer's temporary or backup copy (`.<name>.majordomus-<pid>-<hex>.tmp|old`) left by a command that
 * was stopped mid-write, where `git add` reaches it: tracked anywhere, or on disk at the top level or
 * in the layer outside its local half. One whose writer is still running is its business, not a stray.
 */
function reportStrays(context: ValidatorContext, local: string): void {
  const tracked = context.files().filter((file) => isWriterLeftover(file.slice(file.lastIndexOf('/') + 1)));
  for (const file of tracked) {
    context.violation({
      subject: file,
      message: `${file} is a temporary copy a majordomus command left when it was stopped mid-write, and it is tracked (run: git rm --cached -- ${file}, then delete it)`,
    });
  }
  const reported = new Set(tracked);
  // what `git add` would take at the top level and in the layer (one question of git, however many
  // records the layer holds): the local half is the layer's own and ignored
  for (const path of context.git.untracked(STRAY_PATHSPECS)) {
    if (reported.has(path) || path.startsWith(`${local}/`)) continue;
    if (!isStrayLeftover(path.slice(path.lastIndexOf('/') + 1))) continue;
    context.violation({
      subject: path,
      message: `${path} is a temporary copy a majordomus command left when it was stopped mid-write; \`git add\` would take it (delete it)`,
    });
  }
}

/** Why the folder at `path` cannot be read, when something is there that is not a readable folder. */
function folderProblem(tree: TreeReader, path: string): string | undefined {
  try {
    tree.listable(path);
    return undefined;
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    return `${error.reason} (${error.fix})`;
  }
}

function isUnsafeSection(sections: Record<string, unknown>, key: string): boolean {
  if (!key.startsWith('sections.')) return false;
  const value = sections[key.slice('sections.'.length)];
  return typeof value === 'string' && unsafePathReason(value) !== undefined;
}
