// Packaging: electron-builder's configuration (installers for Windows, macOS and Linux) and the
// Electron fuses it sets. The Electron binary cannot be downloaded on the build machines, so what
// can be checked without it is checked here: the configuration against electron-builder's own
// schema, every fuse the release needs, the macOS entitlements, the icon, and the fuse checker on
// a binary-shaped file. Where the binary exists, `electron-builder --dir` packages the app and the
// packaged binary's fuses are read back.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const req = createRequire(import.meta.url);
const config = JSON.parse(readFileSync(join(ROOT, 'electron-builder.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

describe('electron-builder configuration', () => {
  it('is valid by electron-builder’s own schema', async () => {
    const { validateConfiguration } = req('app-builder-lib/out/util/config/config');
    const { DebugLogger } = req('builder-util');
    const { $schema: _schema, ...cfg } = config;
    await expect(validateConfiguration(cfg, new DebugLogger(false))).resolves.toBeUndefined();
    // …and the validation is real: a misspelt fuse is refused.
    const bad = { ...cfg, electronFuses: { ...cfg.electronFuses, runAsNod: false } };
    await expect(validateConfiguration(bad, new DebugLogger(false))).rejects.toThrow(/electronFuses/);
  });

  it('sets every security fuse the release needs', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
    expect(config.asar).toBe(true);
  });

  it('builds NSIS for Windows, a dmg with the hardened runtime for macOS, AppImage and deb for Linux', () => {
    const targets = (os: string) => (config[os].target as { target: string }[]).map((t) => t.target);
    expect(targets('win')).toEqual(['nsis']);
    expect(targets('mac')).toEqual(['dmg']);
    expect(targets('linux')).toEqual(['AppImage', 'deb']);
    expect(config.mac.hardenedRuntime).toBe(true);
    const plist = readFileSync(join(ROOT, config.mac.entitlements), 'utf8');
    // JIT for V8, and no other exception to the hardened runtime.
    expect([...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])).toEqual(['com.apple.security.cs.allow-jit']);
    expect(config.mac.entitlementsInherit).toBe(config.mac.entitlements);
  });

  it('carries the built-in projects and unpacks sharp’s native code', () => {
    expect(config.extraResources).toEqual([{ from: 'templates', to: 'templates' }]);
    expect(existsSync(join(ROOT, 'templates', 'doufu', 'project.json'))).toBe(true);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['node_modules/sharp/**/*', 'node_modules/@img/**/*']));
    expect(config.files).toContain('out/**/*');
  });

  it('has a square icon of at least 512 px', async () => {
    const meta = await sharp(join(ROOT, config.icon)).metadata();
    expect(meta.width).toBe(meta.height);
    expect(meta.width).toBeGreaterThanOrEqual(512);
  });

  it('pins electron-builder and @electron/fuses and offers npm run dist', () => {
    expect(pkg.devDependencies['electron-builder']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.devDependencies['@electron/fuses']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.scripts.dist).toMatch(/electron-vite build && electron-builder/);
  });
});

describe('the fuse check', () => {
  /** A file shaped like an Electron binary: bytes, the fuse sentinel, wire version 1, then the wire. */
  function fakeBinary(states: number[]): string {
    const { SENTINEL } = req('@electron/fuses/dist/constants');
    const dir = mkdtempSync(join(tmpdir(), 'fuqi-fuses-'));
    const file = join(dir, 'electron');
    writeFileSync(file, Buffer.concat([Buffer.alloc(64, 7), Buffer.from(SENTINEL), Buffer.from([1, states.length, ...states]), Buffer.alloc(32, 7)]));
    return file;
  }
  // Electron's own defaults: RunAsNode, NODE_OPTIONS and --inspect on; cookie encryption, asar
  // integrity and app-from-asar-only off ('1' = 49, '0' = 48).
  const ELECTRON_DEFAULTS = [49, 48, 49, 49, 48, 48, 48, 49];

  it('names every fuse an unpackaged Electron has wrong, then none once flipped as electron-builder does', async () => {
    const { fuseDifferences } = await import('../scripts/check-fuses.mjs');
    const { flipFuses, FuseVersion, FuseV1Options } = req('@electron/fuses');
    const binary = fakeBinary(ELECTRON_DEFAULTS);
    try {
      const before: string[] = await fuseDifferences(binary);
      expect(before.map((l) => l.split(':')[0]).sort()).toEqual(
        ['EnableCookieEncryption', 'EnableEmbeddedAsarIntegrityValidation', 'EnableNodeCliInspectArguments', 'EnableNodeOptionsEnvironmentVariable', 'OnlyLoadAppFromAsar', 'RunAsNode'].sort(),
      );
      const f = config.electronFuses;
      await flipFuses(binary, {
        version: FuseVersion.V1,
        [FuseV1Options.RunAsNode]: f.runAsNode,
        [FuseV1Options.EnableCookieEncryption]: f.enableCookieEncryption,
        [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: f.enableNodeOptionsEnvironmentVariable,
        [FuseV1Options.EnableNodeCliInspectArguments]: f.enableNodeCliInspectArguments,
        [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: f.enableEmbeddedAsarIntegrityValidation,
        [FuseV1Options.OnlyLoadAppFromAsar]: f.onlyLoadAppFromAsar,
      });
      expect(await fuseDifferences(binary)).toEqual([]);
    } finally {
      rmSync(join(binary, '..'), { recursive: true, force: true });
    }
  });

  // The real package needs Electron's binary, which is downloaded on first use and cannot be here.
  const electronDist = join(ROOT, 'node_modules', 'electron', 'dist');
  it.runIf(existsSync(electronDist) && process.platform === 'linux')('packages the app with `electron-builder --dir` and its binary carries the fuses', async () => {
    const out = mkdtempSync(join(tmpdir(), 'fuqi-dist-'));
    try {
      execFileSync(join(ROOT, 'node_modules', '.bin', 'electron-builder'), ['--dir', '--linux', `-c.directories.output=${out}`, `-c.electronDist=${electronDist}`], { cwd: ROOT, stdio: 'pipe' });
      const { fuseDifferences } = await import('../scripts/check-fuses.mjs');
      expect(await fuseDifferences(join(out, 'linux-unpacked', pkg.name))).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 300_000);
});
