/**
 * Text output is one line a finding whatever a file name or a message holds: every control character
 * (newline, carriage return, the escape that starts an ANSI sequence, the Unicode line separators) is
 * escaped. JSON keeps the exact values. The gate's formatter and the brainstorm detector's report alike.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../engine/api/findings';
import { checkSession } from '../../engine/brainstorm/check';
import { formatJson } from '../../engine/reporters/json';
import { formatText } from '../../engine/reporters/text';
import { copyPassingSession } from '../helpers/brainstorm';

const HOSTILE = ['a\nFAIL forged', 'a\rFAIL forged', 'a\u001b[2Khidden', 'a\u2028FAIL forged', 'a\u0085FAIL forged'];

describe('formatText escapes, formatJson keeps', () => {
  it.each(HOSTILE)('%j in the subject, the message, the category and the reproduce command', (value) => {
    const finding: Finding = {
      level: 'FAIL',
      category: `c${value}`,
      subject: value,
      message: value,
      reproduce: `majordomus doctor --rule ${value}`,
      exitCode: 10,
    };
    const text = formatText(finding);
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(text).toContain(`a\\u${value.charCodeAt(1).toString(16).padStart(4, '0')}`);
    const json = JSON.parse(formatJson(finding)) as Record<string, unknown>;
    expect(json).toMatchObject({ subject: value, message: value, category: `c${value}`, reproduce: `majordomus doctor --rule ${value}` });
    expect(formatJson(finding)).not.toContain('\n');
  });
});

describe('the brainstorm report escapes, its JSON keeps', () => {
  it('a fragment named with a newline is one FAIL line', async () => {
    const copy = copyPassingSession();
    const name = 'stray\nFAIL BS-FORGED-01 state.md — forged.md';
    writeFileSync(join(copy.folder, 'fragments', name), '# a fragment no row names\n');
    const text = await checkSession(copy.folder, 'manifest', 'text', process.cwd(), process.env);
    expect(text.exitCode).toBe(1);
    const lines = text.output.split('\n').filter((line) => line !== '');
    expect(lines.filter((line) => line.startsWith('FAIL'))).toHaveLength(1);
    expect(lines.some((line) => line.includes('BS-FORGED-01') && !line.includes('\\u000a'))).toBe(false);
    const json = JSON.parse((await checkSession(copy.folder, 'manifest', 'json', process.cwd(), process.env)).output) as {
      rules: { violations: { message: string }[] }[];
    };
    const messages = json.rules.flatMap((rule) => rule.violations.map((v) => v.message));
    expect(messages.filter((message) => message.includes(name))).toHaveLength(1);
  });
});
