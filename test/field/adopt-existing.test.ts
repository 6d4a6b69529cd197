/**
 * Adopting a project that already has instruction files of its own, from the packed tarball: a
 * 248-line AGENTS.md (over the 150-line budget, which binds only what majordomus generates), a CLAUDE.md
 * and a `.claude/` folder. init keeps each byte for byte and says what it found; the adoption commit goes
 * through the hooks; doctor and the drift check pass and report the repository's own files, never fail
 * on them.
 */
import { describe, expect, it } from 'vitest';
import { FIELD_TIMEOUT, FieldProject } from '../helpers/field';

const AGENTS = `# Agents\n\n${Array.from({ length: 246 }, (_, i) => `- guidance ${i + 1} of the project's own`).join('\n')}\n`;
const CLAUDE = '# Claude\n\nSee AGENTS.md.\n';
const SETTINGS = '{\n  "permissions": { "allow": ["Bash(npm test)"] }\n}\n';

interface Finding {
  level: string;
  category: string;
  subject: string;
}

describe('a project with its own AGENTS.md, CLAUDE.md and .claude/', () => {
  it(
    'is adopted: its files kept byte for byte, the adoption commit through the hooks, doctor 0 with them reported',
    () => {
      const project = new FieldProject();
      project.write('AGENTS.md', AGENTS);
      project.write('CLAUDE.md', CLAUDE);
      project.write('.claude/settings.json', SETTINGS);
      expect(AGENTS.trimEnd().split('\n')).toHaveLength(248);
      const init = project.majordomus(['init']);
      expect(init.code).toBe(0);
      expect(init.stdout).toMatch(/^found: .*AGENTS\.md.*CLAUDE\.md.*\.claude\//m);
      expect([project.read('AGENTS.md'), project.read('CLAUDE.md'), project.read('.claude/settings.json')]).toEqual([
        AGENTS,
        CLAUDE,
        SETTINGS,
      ]);
      // the adoption commit, through the pre-commit hook init wrote (doctor, then the drift check)
      expect(project.exists('.git/hooks/pre-commit')).toBe(true);
      const commit = project.commitAll('adopt majordomus');
      expect(commit.code, commit.stderr).toBe(0);
      expect(project.git(['rev-list', '--count', 'HEAD']).stdout.trim()).toBe('1');
      const doctor = project.majordomus(['doctor', '--json']);
      expect(doctor.code).toBe(0);
      const findings = doctor.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Finding);
      const own = findings.filter((finding) => finding.subject === 'AGENTS.md' || finding.subject === 'CLAUDE.md');
      expect(own.filter((finding) => finding.level === 'FAIL')).toEqual([]);
      expect(own).toContainEqual(expect.objectContaining({ level: 'INFO', category: 'budget', subject: 'AGENTS.md' }));
      expect(own).toContainEqual(expect.objectContaining({ level: 'INFO', category: 'projection', subject: 'AGENTS.md' }));
      expect(project.majordomus(['update', '--check']).code).toBe(0);
      // update keeps them too, and adopting one adds the generated region after its text
      expect(project.majordomus(['update']).code).toBe(0);
      expect(project.read('AGENTS.md')).toBe(AGENTS);
      expect(project.majordomus(['update', '--adopt', 'AGENTS.md']).code).toBe(0);
      expect(project.read('AGENTS.md').startsWith(AGENTS)).toBe(true);
      expect(project.commitAll('the generated region in AGENTS.md').code).toBe(0);
    },
    FIELD_TIMEOUT,
  );
});
