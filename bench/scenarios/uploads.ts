/**
 * Uploads: a file through the local driver's multipart path over HTTP (4 parts in flight) vs a
 * raw `dd conv=fsync` write on the same disk, and the server's peak RSS growth. The work is
 * done by bench/upload-local.ts (also runnable alone).
 *
 *   npx tsx bench/scenarios/uploads.ts [--quick] [--size-mib 1024]
 */

import {
  check,
  flag,
  isMain,
  option,
  type ScenarioOptions,
  type ScenarioResult,
} from '../lib/common.ts';
import { uploadLocal } from '../upload-local.ts';

export async function uploads({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  const sizeMiB = Number(option('size-mib') ?? (quick ? 64 : 1024));
  const result = await uploadLocal(sizeMiB, { quiet: true });
  return {
    scenario: `uploads (${sizeMiB} MiB, local driver, ${result.database})`,
    metrics: [
      { name: 'multipart upload', value: result.upload.megabytesPerSecond, unit: 'MB/s' },
      { name: 'dd conv=fsync, same disk', value: result.dd.megabytesPerSecond, unit: 'MB/s' },
      {
        name: 'upload ÷ dd',
        value: result.ratio,
        unit: '×',
        ...(quick ? {} : check(result.ratio, '≥', 0.8)),
      },
      {
        name: 'server peak RSS growth',
        value: result.serverRss.growthMiB,
        unit: 'MiB',
        ...(quick ? {} : check(result.serverRss.growthMiB, '<', 150)),
      },
    ],
    details: { ...result },
  };
}

if (isMain(import.meta.filename)) {
  console.log(JSON.stringify(await uploads({ quick: flag('quick') }), null, 2));
}
