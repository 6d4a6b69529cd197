/**
 * The rule objects and the rule set as validators see them (`context.rule`, `context.rules`): plain
 * interfaces importing no reader, so the published API names them without reaching the engine's
 * classes. engine/ruleset/rules.ts loads them; engine/layer/rule-package.ts reads the packages.
 */
import type { RuleFrontMatter, RulePackageManifest } from '../generated/types';
import type { Unreadable } from '../io/unreadable';
import type { SchemaProblem } from './schema-check';
import type { YamlDocument } from './yaml-document';

/** Where a rule came from. */
export type Provenance = { readonly origin: 'vendor'; readonly vendor: string } | { readonly origin: 'project' };

/** The `x-majordomus` block of a rule the tool enforces: it names a validator. */
export interface Enforcement {
  readonly validator: string;
  readonly category: string;
  readonly enforcedBy: readonly string[];
  readonly exitCode: number;
  readonly tests: readonly string[];
  readonly policyKey?: string;
  readonly options?: Readonly<Record<string, unknown>>;
}

/**
 * The `x-majordomus` block of a rule the tool does not enforce (no `validator`): the tests, claims and
 * review reason it declares. Its tests are audited like an enforced rule's; it runs at no gate.
 */
export interface Declaration {
  readonly tests: readonly string[];
  readonly claims: readonly string[];
  readonly reviewedBecause?: string;
}

/** A rule object that loaded. */
export interface Rule {
  readonly id: string;
  readonly version: number;
  /** `id@version`: the identity, never the file name. */
  readonly identity: string;
  readonly title: string;
  readonly statement: string;
  readonly status: 'active' | 'deprecated';
  readonly class: 'blocking' | 'advisory';
  readonly dependsOn: readonly string[];
  /** Present only when `x-majordomus` names a validator. */
  readonly enforcement?: Enforcement;
  /** Present when `x-majordomus` is there without a validator. */
  readonly declaration?: Declaration;
  /** Repository-relative path of the file. */
  readonly file: string;
  readonly provenance: Provenance;
  readonly frontMatter: RuleFrontMatter;
  readonly doc: YamlDocument;
}

/** Why a rule file, a rule, or a folder of rules was refused. */
export interface LoadProblem {
  /** What the problem is about: a file, a folder, or an identity. */
  readonly subject: string;
  readonly file?: string;
  readonly line?: number;
  readonly message: string;
}

/** The outcome of loading a repository's rules. */
export interface RuleSet {
  /** The effective set, in order: every active rule that loaded and was not refused. These run. */
  readonly rules: readonly Rule[];
  /**
   * True when something was refused (the problems say what): the gate fails whatever else it finds,
   * and the engine's load audit runs at every gate to report it.
   */
  readonly refused: boolean;
  readonly problems: readonly LoadProblem[];
  /** The rules that loaded on their own but were refused (a duplicate identity, a refused dependency…). */
  readonly refusedRules?: readonly Rule[];
  /** The vendored packages as found (the rule_package validator audits them). */
  readonly packages: readonly RulePackage[];
  /** Every rule file that was read, in load order, with its provenance. */
  readonly files: readonly { readonly file: string; readonly provenance: Provenance }[];
}

/** One package as found on disk. Problems are recorded, never thrown: the rule_package validator reports them. */
export interface RulePackage {
  /** The vendor (the directory name). */
  readonly vendor: string;
  /** The package directory, relative to `base`. */
  readonly dir: string;
  /** `<dir>/manifest.yaml`. */
  readonly manifestFile: string;
  /** The manifest when it parsed (it may still break its schema). */
  readonly manifest?: RulePackageManifest;
  readonly manifestDoc?: YamlDocument;
  /** Why the manifest could not be read at all. */
  readonly manifestError?: Unreadable;
  /** How the parsed manifest breaks the rule-package schema. */
  readonly schemaProblems: readonly SchemaProblem[];
  /** Every `*.md` file under `<dir>/rules/`, in byte order. */
  readonly filesOnDisk: readonly string[];
  /** Why `<dir>/rules/` could not be listed (a file where the folder belongs, a dangling link…). */
  readonly listError?: Unreadable;
}
