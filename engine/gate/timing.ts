/**
 * MAJORDOMUS_TIMING=1: each rule's milliseconds on stderr, then the gate's total. A plugin on the
 * runner's hooks; stdout stays the command's own.
 */
import type { Runner } from './runner';

export class TimingPlugin {
  static readonly pluginName = 'TimingPlugin';

  constructor(private readonly write: (text: string) => void = (text) => void process.stderr.write(text)) {}

  apply(runner: Runner): void {
    let gateStart = 0;
    let ruleStart = 0;
    runner.hooks.beforeGate.tap(TimingPlugin.pluginName, () => {
      gateStart = performance.now();
    });
    runner.hooks.beforeRule.tap(TimingPlugin.pluginName, () => {
      ruleStart = performance.now();
    });
    runner.hooks.afterRule.tap(TimingPlugin.pluginName, (rule) => {
      this.write(`TIMING ${(performance.now() - ruleStart).toFixed(1).padStart(8)} ms  ${rule.identity}\n`);
    });
    runner.hooks.afterGate.tap(TimingPlugin.pluginName, (result) => {
      this.write(`TIMING ${(performance.now() - gateStart).toFixed(1).padStart(8)} ms  ${result.gate} (${result.rulesRun} rule(s))\n`);
    });
  }
}
