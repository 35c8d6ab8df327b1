// One Content-Security-Policy for the renderer: the header (Electron session, browser host) and
// the <meta> tag the build writes into index.html come from src/shared/security/csp.ts, and agree.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import config from '../electron.vite.config';
import type { Handlers } from '../src/main/ipc/registry';
import { createWebHost } from '../src/main/web-host';
import { metaPolicy } from '../src/shared/security/csp';

const ROOT = resolve(__dirname, '..');

/** index.html as the renderer build emits it, through the build's own plugins. */
async function builtIndexHtml(): Promise<string> {
  const renderer = (config as { renderer: { plugins: unknown[] } }).renderer;
  let html = readFileSync(join(ROOT, 'src/renderer/index.html'), 'utf8');
  for (const p of renderer.plugins.flat(Infinity) as Plugin[]) {
    const t = p?.transformIndexHtml;
    if (!t || p.name !== 'fuqi-csp') continue;
    const handler = typeof t === 'function' ? t : t.handler;
    html = (await (handler as (h: string) => string | Promise<string>)(html)) as string;
  }
  return html;
}

/** The policies of every CSP <meta> tag in a page. */
const metaTags = (html: string) => [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)].map((m) => m[1]!);

/** The CSP header the browser host sends with the page. */
async function servedHeader(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'fuqi-csp-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html>');
  const server = createWebHost({} as Handlers, dir, { key: 'csp-test-key-0123456789' });
  try {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return r.headers.get('content-security-policy') ?? '';
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : /\.(ts|svelte|html)$/.test(n) && !/\.test\.ts$/.test(n) ? [p] : [];
  });
}

describe('one CSP', () => {
  it("the page's <meta> policy is the header the host sends, minus frame-ancestors", async () => {
    const header = await servedHeader();
    expect(header).toContain("frame-ancestors 'none'");
    const metas = metaTags(await builtIndexHtml());
    expect(metas).toEqual([metaPolicy(header)]);
    expect(metas[0]).not.toContain('frame-ancestors');
  });

  it('no other source file writes a policy of its own', () => {
    const writers = sources(join(ROOT, 'src')).filter((f) => readFileSync(f, 'utf8').includes('default-src'));
    expect(writers.map((f) => relative(ROOT, f))).toEqual(['src/shared/security/csp.ts']);
    expect(readFileSync(join(ROOT, 'src/main/index.ts'), 'utf8')).toMatch(/import \{[^}]*\bCSP\b[^}]*\} from '\.\.\/shared\/security\/csp'/);
  });
});
