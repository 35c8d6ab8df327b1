import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IpcChannel } from '../../../shared/ipc/contract';

/**
 * The join page runs on other people's phones, served by the LAN table: it must reach nothing of
 * the app but the seat's WebSocket. Walk every module it imports, from its entry, and check that
 * none is the app's API (api.ts, the IPC contract, the preload's window.api) or names one of the
 * API's channels. (The e2e of the LAN table checks the built bundle the same way.)
 */
const SRC = resolve(__dirname, '..', '..', '..');
const ENTRY = resolve(__dirname, 'main.ts');
/** Packages the page may use: the UI framework and the schema library of the protocol. */
const PACKAGES = new Set(['svelte', 'zod']);

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(ts|svelte)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g)) {
      const spec = m[1]!;
      if (/^import\s+type\s/.test(m[0])) continue; // types vanish from the bundle
      if (spec.startsWith('.')) {
        const target = resolveImport(file, spec);
        if (!target) throw new Error(`${relative(SRC, file)} imports ${spec}, which does not resolve`);
        pending.push(target);
      } else packages.add(spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return { files, packages };
}

describe('the join page reaches nothing of the app but its seat', () => {
  const { files, packages } = importGraph(ENTRY);
  const rel = [...files].map((f) => relative(SRC, f));

  it('imports neither the app API nor the IPC contract', () => {
    expect(rel.length).toBeGreaterThan(10);
    expect(rel).toContain('renderer/src/join/RemoteSeat.svelte.ts');
    expect(rel.filter((f) => /renderer\/src\/api\.ts$|shared\/ipc\/|renderer\/src\/state\/|preload\//.test(f))).toEqual([]);
  });

  it('uses only svelte and zod among packages (the fonts come in through CSS)', () => {
    expect([...packages].filter((p) => !PACKAGES.has(p) && !p.startsWith('@fontsource'))).toEqual([]);
  });

  it('never names window.api or one of the API’s channels', () => {
    const channels = Object.values(IpcChannel);
    expect(channels.length).toBeGreaterThan(20);
    const hits: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      if (/window\.api\b|\bhttpInvoke\b|['"`]\/api\//.test(text)) hits.push(`${relative(SRC, f)}: window.api or /api/`);
      for (const c of channels) if (text.includes(`'${c}'`) || text.includes(`"${c}"`)) hits.push(`${relative(SRC, f)}: ${c}`);
    }
    expect(hits).toEqual([]);
  });
});
