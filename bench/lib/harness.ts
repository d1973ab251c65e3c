/**
 * Runs scenarios one after the other. Whatever a scenario leaves running when it ends (it failed
 * before its own `finally`, or forgot a process) is stopped before the next one starts, and an
 * interrupted run (SIGINT, SIGTERM) stops its processes before it exits.
 */
import type { ScenarioOptions, ScenarioResult } from './common.ts';
import { stopGroupsOnExit, stopStrays } from './processes.ts';

export type Scenario = (options: ScenarioOptions) => Promise<ScenarioResult>;

export interface HarnessRun {
  results: ScenarioResult[];
  failures: { scenario: string; error: string }[];
}

export async function runScenarios(
  scenarios: Record<string, Scenario>,
  names: readonly string[],
  options: ScenarioOptions,
  report: (result: ScenarioResult) => void = () => {},
): Promise<HarnessRun> {
  stopGroupsOnExit();
  const results: ScenarioResult[] = [];
  const failures: HarnessRun['failures'] = [];
  for (const name of names) {
    const scenario = scenarios[name];
    if (!scenario) throw new Error(`unknown scenario ${name}`);
    const begin = performance.now();
    process.stdout.write(`\n▶ ${name}…\n`);
    try {
      const result = await scenario(options);
      results.push(result);
      report(result);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      failures.push({ scenario: name, error: message });
      console.error(`✗ ${name} failed: ${message}`);
    } finally {
      const strays = await stopStrays();
      if (strays.length > 0) {
        console.error(`  stopped ${strays.length} process group(s) left by ${name}`);
      }
    }
    console.log(`  (${Math.round((performance.now() - begin) / 1000)} s)`);
  }
  return { results, failures };
}

/**
 * Runs one scenario on its own (`npx tsx bench/scenarios/<file>.ts [--quick] [--details]`),
 * prints its metrics and exits with 1 when it failed.
 */
export async function runAlone(
  name: string,
  scenario: Scenario,
  options: ScenarioOptions,
  details: boolean,
): Promise<never> {
  const { results, failures } = await runScenarios({ [name]: scenario }, [name], options);
  for (const result of results) {
    for (const metric of result.metrics) {
      console.log(
        `${metric.name.padEnd(64)} ${String(metric.value).padStart(9)} ${metric.unit} ${metric.target ?? ''} ${metric.pass === false ? 'MISSED' : ''}`,
      );
    }
    if (details) console.log(JSON.stringify(result.details, null, 2));
  }
  process.exit(failures.length > 0 ? 1 : 0);
}
