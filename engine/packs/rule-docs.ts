/**
 * Where a rule is documented. docs/RULES.md (written by tools/catalogue.ts) lists every rule of every
 * pack the distribution ships, each row carrying an anchor of its own, so a finding, a SARIF rule or a
 * reader can point at one rule. A repository's own rules are not there: their file is their document.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distributionRoot } from '../io/distribution';
import type { Rule } from '../ruleset/rules';
import { packNames } from './registry';

/** The catalogue page, relative to the distribution's root. */
export const RULES_PAGE = 'docs/RULES.md';

/**
 * The packs under the distribution's `rules/` folder, which docs/RULES.md documents: the pack registry
 * (a test holds it to the folders). A vendored rule of any other vendor has no row there.
 */
export const DOCUMENTED_PACKS: readonly string[] = packNames;

/** The anchor of a rule's row in docs/RULES.md: `rule-<id>` (an id holds only letters, digits, `.`, `_`, `-`). */
export function ruleAnchor(id: string): string {
  return `rule-${id}`;
}

/** `docs/RULES.md#rule-<id>` for a rule of a pack the distribution ships, else undefined. */
export function ruleHelp(rule: Pick<Rule, 'id' | 'provenance'>): string | undefined {
  const { provenance } = rule;
  if (provenance.origin !== 'vendor' || !DOCUMENTED_PACKS.includes(provenance.vendor)) return undefined;
  return `${RULES_PAGE}#${ruleAnchor(rule.id)}`;
}

/**
 * Where the published repository is when package.json names neither `repository` nor `homepage`: the
 * base of every rule's help link, of SARIF's `helpUri` and of the tool's `informationUri`.
 */
export const DEFAULT_REPOSITORY_URL = 'https://github.com/majordomus/majordomus';

/**
 * The web address of a package.json `repository` (a string, `{ url }`, `github:owner/name`, `owner/name`,
 * `git+https://…/x.git`, `git@host:owner/name.git`), else of its `homepage` without the fragment.
 */
export function repositoryUrl(repository: unknown, homepage: unknown): string | undefined {
  const raw =
    typeof repository === 'string'
      ? repository
      : repository !== null && typeof repository === 'object'
        ? (repository as { url?: unknown }).url
        : undefined;
  if (typeof raw === 'string' && raw.trim() !== '') {
    let url = raw.trim();
    const shorthand = /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(url);
    if (shorthand) url = `https://github.com/${shorthand[1]}/${shorthand[2]}`;
    url = url
      .replace(/^git\+/, '')
      .replace(/^git@([^:]+):/, 'https://$1/')
      .replace(/^(?:git|ssh):\/\/(?:git@)?/, 'https://')
      .replace(/\.git$/, '')
      .replace(/\/+$/, '');
    if (/^https?:\/\/[^\s]+$/.test(url)) return url;
  }
  if (typeof homepage === 'string' && /^https?:\/\/[^\s]+$/.test(homepage.trim()))
    return homepage.trim().replace(/#.*$/, '').replace(/\/+$/, '');
  return undefined;
}

let published: string | undefined;

/** The web address of the published repository, from the distribution's package.json (read once). */
export function publishedRepositoryUrl(): string {
  if (published !== undefined) return published;
  let pkg: { repository?: unknown; homepage?: unknown } = {};
  try {
    pkg = JSON.parse(readFileSync(join(distributionRoot(), 'package.json'), 'utf8')) as typeof pkg;
  } catch {
    // the detector carried alone into a skill folder has no package beside it
  }
  return (published = repositoryUrl(pkg.repository, pkg.homepage) ?? DEFAULT_REPOSITORY_URL);
}

/**
 * The web address of a rule's row in the catalogue, the one SARIF's `helpUri` gives: what resolves from
 * any repository, where `docs/RULES.md` is not (the installed package holds it, the repository does
 * not). Undefined for a rule no pack of the distribution ships.
 */
export function ruleHelpUrl(rule: Pick<Rule, 'id' | 'provenance'>, base: string = publishedRepositoryUrl()): string | undefined {
  const page = ruleHelp(rule);
  return page === undefined ? undefined : `${base}/blob/HEAD/${page}`;
}
