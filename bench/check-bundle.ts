/**
 * `npm run check:bundle` (after `npm run build`): fails when the JavaScript that the browser
 * downloads for /login (gzip) grows past the budget, or when another route stops being lazy.
 * `--max-kb N` checks against N instead of the 141 kB budget (`loginBudgetKB` in
 * bench/lib/bundle.ts); CI passes the same 140.
 */

import { loginBudgetKB, routeBundle } from './lib/bundle.ts';
import { option } from './lib/common.ts';

const limitKB = Number(option('max-kb') ?? loginBudgetKB);
if (!Number.isFinite(limitKB) || limitKB <= 0)
  throw new Error('--max-kb must be a positive number');

const bundle = routeBundle();
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
for (const file of bundle.files) {
  console.log(`  ${kb(file.gzipBytes).padStart(7)} kB gzip  ${file.file}`);
}
console.log(
  `login route: ${kb(bundle.jsGzipBytes)} kB of JavaScript gzip (${kb(bundle.jsBytes)} kB raw) ` +
    `in ${bundle.files.length} files, budget ${limitKB} kB (target ${loginBudgetKB} kB); CSS ${kb(bundle.cssGzipBytes)} kB gzip; ` +
    `${bundle.lazyRoutes.length} routes lazy-loaded`,
);
let failed = false;
if (bundle.jsGzipBytes > limitKB * 1000) {
  console.error(`FAIL: the login route is over its budget of ${limitKB} kB gzip`);
  failed = true;
}
if (bundle.eagerRoutes.length > 0) {
  console.error(`FAIL: routes loaded with the login page: ${bundle.eagerRoutes.join(', ')}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
