/**
 * Web: the gzip JavaScript that the browser downloads for /login (from Vite's build manifest,
 * see bench/lib/bundle.ts), and that every other route stays lazy-loaded.
 *
 *   npx tsx bench/scenarios/web-bundle.ts
 */
import { loginBudgetKB, routeBundle } from '../lib/bundle.ts';
import {
  check,
  flag,
  isMain,
  round,
  type ScenarioOptions,
  type ScenarioResult,
} from '../lib/common.ts';
import { ensureWebBuild } from './lighthouse.ts';

export async function webBundle({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  ensureWebBuild();
  const bundle = routeBundle();
  const kb = round(bundle.jsGzipBytes / 1000, 1);
  return {
    scenario: 'web bundle (production build)',
    metrics: [
      {
        name: '/login JavaScript, gzip',
        value: kb,
        unit: 'kB',
        ...(quick ? {} : check(kb, '≤', loginBudgetKB)),
      },
      { name: '/login JavaScript files', value: bundle.files.length, unit: 'files' },
      {
        name: 'other routes loaded with /login',
        value: bundle.eagerRoutes.length,
        unit: 'routes',
        ...(quick ? {} : check(bundle.eagerRoutes.length, '≤', 0)),
      },
      { name: 'lazy-loaded routes', value: bundle.lazyRoutes.length, unit: 'routes' },
    ],
    details: { ...bundle },
  };
}

if (isMain(import.meta.filename)) {
  console.log(JSON.stringify(await webBundle({ quick: flag('quick') }), null, 2));
}
