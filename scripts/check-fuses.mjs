// Reads the fuses of a packaged app's Electron binary and compares them with electron-builder.json's
// `electronFuses`: `node scripts/check-fuses.mjs dist/linux-unpacked/fuqi-workshop`. Exit 1 on any
// difference. Run after `npm run dist` (release steps in the README).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const req = createRequire(import.meta.url);
const { getCurrentFuseWire, FuseV1Options } = req('@electron/fuses');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** electron-builder's option name → @electron/fuses' FuseV1Options key. */
export const FUSE_NAMES = {
  runAsNode: 'RunAsNode',
  enableCookieEncryption: 'EnableCookieEncryption',
  enableNodeOptionsEnvironmentVariable: 'EnableNodeOptionsEnvironmentVariable',
  enableNodeCliInspectArguments: 'EnableNodeCliInspectArguments',
  enableEmbeddedAsarIntegrityValidation: 'EnableEmbeddedAsarIntegrityValidation',
  onlyLoadAppFromAsar: 'OnlyLoadAppFromAsar',
};

/** The differences between the binary's fuses and the config's, as lines; empty when they agree. */
export async function fuseDifferences(binary, config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8'))) {
  const wire = await getCurrentFuseWire(binary);
  const out = [];
  for (const [option, want] of Object.entries(config.electronFuses ?? {})) {
    const key = FUSE_NAMES[option];
    if (!key) continue;
    const state = wire[FuseV1Options[key]];
    // '1' enabled, '0' disabled (FuseState is a char code in the wire).
    const on = state === 49 || state === '1' || state === 1;
    if (on !== want) out.push(`${key}: ${on ? 'on' : 'off'}, electron-builder.json wants ${want ? 'on' : 'off'}`);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const binary = process.argv[2];
  if (!binary) {
    console.error('usage: node scripts/check-fuses.mjs <packaged Electron binary>');
    process.exit(2);
  }
  const diff = await fuseDifferences(binary);
  if (diff.length) {
    console.error(`fuses differ from electron-builder.json:\n  ${diff.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`fuses as electron-builder.json sets them: ${Object.values(FUSE_NAMES).join(', ')}`);
}
