/**
 * The guard's shell parser and word expansion, in process: the trees it builds for each construct of
 * the POSIX subset (and the bash forms agents write), the words a command receives after expansion,
 * and the lines it refuses to guess at.
 */
import { describe, expect, it } from 'vitest';
import { known } from '../../engine/capture/guard/fields';
import type { Command, Script, Word } from '../../engine/capture/guard/shell';
import { parseShell, ShellSyntaxError } from '../../engine/capture/guard/shell';
import { judgeLine } from '../../engine/capture/guard/walk';

/** Each simple command of a script, in order, as its words' source text (recursing into every body). */
function commands(script: Script): string[][] {
  const out: string[][] = [];
  const visitWord = (word: Word) => {
    for (const part of word.parts) {
      if (part.kind === 'command' || part.kind === 'process') out.push(...commands(part.script));
      if (part.kind === 'param' && part.word) visitWord(part.word);
    }
  };
  const visit = (command: Command) => {
    switch (command.kind) {
      case 'simple':
        out.push(command.words.map((word) => word.raw));
        for (const word of command.words) visitWord(word);
        for (const assign of command.assigns) if (assign.value) visitWord(assign.value);
        break;
      case 'subshell':
      case 'group':
        out.push(...commands(command.body));
        break;
      case 'compound':
        for (const word of command.words) visitWord(word);
        for (const body of command.bodies) out.push(...commands(body));
        break;
      case 'for':
        out.push(...commands(command.body));
        break;
      case 'function':
        visit(command.body);
        break;
      case 'test':
        for (const word of command.words) visitWord(word);
    }
  };
  for (const item of script.items) for (const pipeline of item.pipelines) for (const command of pipeline.commands) visit(command);
  return out;
}

describe('parseShell: the commands a line holds', () => {
  it.each([
    ['a; b && c || d & e', [['a'], ['b'], ['c'], ['d'], ['e']]],
    ['a | b |& c', [['a'], ['b'], ['c']]],
    ['(a; b) && { c; }', [['a'], ['b'], ['c']]],
    ['if a; then b; elif c; then d; else e; fi', [['a'], ['b'], ['c'], ['d'], ['e']]],
    ['while a; do b; done; until c; do d; done', [['a'], ['b'], ['c'], ['d']]],
    ['for x in 1 2; do a $x; done', [['a', '$x']]],
    ['for ((i=0; i<2; i++)); do a; done', [['a']]],
    ['case $x in a|b) c;; *) d;; esac', [['c'], ['d']]],
    ['f() { a; }; function g { b; }', [['a'], ['b']]],
    ['echo $(a $(b)) `c`', [['echo', '$(a $(b))', '`c`'], ['a', '$(b)'], ['b'], ['c']]],
    ['x=$(a) y=1 b', [['b'], ['a']]],
    ['diff <(a) >(b)', [['diff', '<(a)', '>(b)'], ['a'], ['b']]],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, the ${…} is the shell's parameter expansion
    ['echo ${x:-$(a)}', [['echo', '${x:-$(a)}'], ['a']]],
    ['[[ $(a) == x && -f y ]]', [['a']]],
    ['a # b; c', [['a']]],
    ['a \\\n b', [['a', 'b']]],
    ['! a', [['a']]],
    ['time -p a', [['a']]],
    ["cat <<'EOF' | a\n$(b)\nEOF\nc", [['cat'], ['a'], ['c']]],
    ['cat <<EOF\n$(b)\nEOF', [['cat']]],
    ['a 2>&1 >/dev/null <in', [['a']]],
  ])('%j', (line, expected) => {
    expect(commands(parseShell(line))).toEqual(expected);
  });

  it('keeps a heredoc body as data, and the substitutions of an unquoted one as commands', () => {
    const quoted = parseShell("cat <<'EOF'\ngit commit --no-verify $(rm x)\nEOF");
    const simple = quoted.items[0]!.pipelines[0]!.commands[0] as Extract<Command, { kind: 'simple' }>;
    expect(simple.redirects[0]!.heredoc).toEqual({ body: 'git commit --no-verify $(rm x)\n' });
    const unquoted = parseShell('cat <<-EOF\n\t$(rm x)\n\tEOF');
    const part = (unquoted.items[0]!.pipelines[0]!.commands[0] as Extract<Command, { kind: 'simple' }>).redirects[0]!.heredoc!.parts!;
    expect(part.some((p) => p.kind === 'command')).toBe(true);
  });

  it.each([
    'echo "unclosed',
    "echo 'unclosed",
    'echo $(a',
    'echo `a',
    'if a; then b',
    'a &&',
    'a | | b',
    'cat <<EOF\nno end',
    '(a',
    'echo ${',
    'case x in a) b',
  ])('%j is refused, not guessed at', (line) => {
    expect(() => parseShell(line)).toThrow(ShellSyntaxError);
  });

  it('refuses nesting past its bound without overflowing the stack', () => {
    expect(() => parseShell(`${'$('.repeat(500)}a${')'.repeat(500)}`)).toThrow(ShellSyntaxError);
    expect(() => parseShell(`${'( '.repeat(5000)}a${' )'.repeat(5000)}`)).toThrow(ShellSyntaxError);
  });
});

describe('the words a command receives', () => {
  /** The words of the last simple command of `line`, as written. */
  const words = (line: string): string[] => {
    const simple = parseShell(line).items.at(-1)!.pipelines[0]!.commands[0] as Extract<Command, { kind: 'simple' }>;
    return simple.words.map((word) => word.raw);
  };

  it('splits words where the shell does, keeping quotes and escapes in one word', () => {
    expect(words("echo $'a\\tb' \"c d\" 'e f' g\\ h")).toEqual(['echo', "$'a\\tb'", '"c d"', "'e f'", 'g\\ h']);
  });

  it.each([
    ['F=--no-verify; git commit $F -m x', 'git commit --no-verify -m x'],
    ['git commit --no-{verify,edit} -m x', 'git commit --no-verify --no-edit -m x'],
    ["git commit $'--no-\\x76erify' -m x", 'git commit --no-verify -m x'],
    ['git commit $(echo --no-verify) -m x', 'git commit --no-verify -m x'],
    ["git commit $(printf '%s' -n) -m x", 'git commit -n -m x'],
    ['A="-n -m"; git commit $A x', 'git commit -n -m x'],
    ['set -- -n; git commit "$@" -m x', 'git commit -n -m x'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, the ${…} is the shell's parameter expansion
    ['x=; git commit ${x:--n} -m x', 'git commit -n -m x'],
    ['sh -c \'git commit "$1" -m x\' sh -n', 'git commit -n -m x'],
  ])('%j runs %j', (line, found) => {
    expect(
      judgeLine(line, { cwd: '/', configAlias: () => undefined, exists: () => false }).findings.map((finding) => finding.found),
    ).toEqual([found]);
  });

  it('a quoted expansion is one word; an unquoted unknown one may be any number', () => {
    const judged = judgeLine('git push origin "$BRANCH"; git push origin $BRANCH', {
      cwd: '/',
      configAlias: () => undefined,
      exists: () => false,
    });
    expect(judged.findings).toEqual([]);
    expect(judged.unknowns.length).toBe(2);
    expect(known({ segments: ['a', 'b'] })).toBe('ab');
  });
});
