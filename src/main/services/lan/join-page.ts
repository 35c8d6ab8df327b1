/**
 * The files the LAN server may serve: the built join page (`join.html` of the renderer's build)
 * and only the hashed assets it uses — what join.html names, then what those files name in turn
 * (a script's chunks, a style sheet's fonts). Never the app's index.html, never any other file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

export const ASSET_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

const TEXT = new Set(['.js', '.mjs', '.css', '.svg']);

/** The join page and its assets, read once when inviting starts. */
export interface JoinPage {
  /** join.html, or null when the build has none. */
  html: Buffer | null;
  /** Asset file name → bytes: only the files the join page uses. */
  assets: ReadonlyMap<string, Buffer>;
}

/** An empty join page (nothing built): the server answers a page saying how to build it. */
export const NO_JOIN_PAGE: JoinPage = { html: null, assets: new Map() };

/**
 * Read `<rendererDir>/join.html` and the closure of the `assets/` files it references. A missing
 * page or folder gives `NO_JOIN_PAGE` (inviting still works for devices that already have it).
 */
export function loadJoinPage(rendererDir: string | null): JoinPage {
  if (!rendererDir) return NO_JOIN_PAGE;
  let html: Buffer;
  try {
    html = readFileSync(join(rendererDir, 'join.html'));
  } catch {
    return NO_JOIN_PAGE;
  }
  const dir = join(rendererDir, 'assets');
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isFile() && Object.hasOwn(ASSET_TYPES, extname(d.name)))
      .map((d) => d.name);
  } catch {
    names = [];
  }
  const assets = new Map<string, Buffer>();
  const queue: string[] = [html.toString('utf8')];
  while (queue.length) {
    const text = queue.pop()!;
    for (const name of names) {
      if (assets.has(name) || !text.includes(name)) continue;
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(dir, name));
      } catch {
        continue;
      }
      assets.set(name, bytes);
      if (TEXT.has(extname(name))) queue.push(bytes.toString('utf8'));
    }
  }
  return { html, assets };
}
