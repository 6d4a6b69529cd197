/**
 * The obligations a completed task owes (the policy's `verification.obligations`), and the facts that
 * settle them, established from git at HEAD each time a gate asks — never recorded, so never stale:
 * a record that the work was pushed is a copy of an answer git can give directly, and a copy can lie.
 * `obligationsModel` hands the facts to the `obligations` validator through the context, asking git once
 * per run and only for what the policy names.
 */

import { defineModel } from '../../api/validator';
import { isolatedGitEnv, runGit } from '../../io/git';

/** The obligations this version can establish. */
export const OBLIGATIONS = ['committed', 'pushed'] as const;
export type Obligation = (typeof OBLIGATIONS)[number];

/** A fact as established: held, refuted (with what was found), or not establishable here (and why). */
export type Established =
  | { readonly status: 'held'; readonly detail: string }
  | { readonly status: 'refuted'; readonly detail: string }
  | { readonly status: 'unsettled'; readonly detail: string };

export interface ObligationsModel {
  establish(obligation: Obligation): Established;
}

/** The facts of the repository a gate judges. */
export const obligationsModel = defineModel({
  name: 'obligations',
  target: 'repository',
  build: (target): ObligationsModel => {
    const root = target.path;
    const localDir = target.repository.layer.localDir;
    // git finds the repository from its top level, whatever selectors a hook exported
    const git = (args: readonly string[]) => runGit(args, root, isolatedGitEnv(target.env));
    const facts = new Map<Obligation, Established>();
    const settle: Record<Obligation, () => Established> = {
      committed() {
        const status = git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames']);
        if (status.status !== 0) return { status: 'unsettled', detail: `git status failed: ${status.stderr.trim()}` };
        // the local half is this checkout's own state, never committed
        const changed = status.stdout
          .split('\0')
          .filter((entry) => entry.length > 3)
          .map((entry) => entry.slice(3))
          .filter((path) => !path.startsWith(`${localDir}/`));
        if (changed.length === 0) return { status: 'held', detail: 'the working tree holds no change' };
        return { status: 'refuted', detail: `${changed.length} path(s) changed and not committed, first ${changed.sort()[0]}` };
      },
      pushed() {
        const head = git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
        if (head.status !== 0) return { status: 'refuted', detail: 'there is no commit yet' };
        const upstream = git(['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}']);
        if (upstream.status !== 0)
          return { status: 'unsettled', detail: 'the branch has no upstream to compare with (set one: git push -u <remote> <branch>)' };
        const name = upstream.stdout.trim();
        const contained = git(['merge-base', '--is-ancestor', 'HEAD', '@{upstream}']);
        if (contained.status === 0) return { status: 'held', detail: `${name} holds HEAD` };
        if (contained.status === 1)
          return { status: 'refuted', detail: `${name} does not hold HEAD ${head.stdout.trim().slice(0, 12)} (as last fetched)` };
        return { status: 'unsettled', detail: `git cannot compare HEAD with ${name}: ${contained.stderr.trim()}` };
      },
    };
    return {
      establish(obligation) {
        let fact = facts.get(obligation);
        if (!fact) facts.set(obligation, (fact = settle[obligation]()));
        return fact;
      },
    };
  },
});
