import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFontService } from './export/fonts';
import { createAssetService } from './export/assets';
import { ProjectStore } from './projects';
import { exportRulebook } from './rulebook';
import { tinyProject } from './tiny-project.test-fixture';

const t = tinyProject({ rulebook: true });
afterAll(() => rmSync(t.root, { recursive: true, force: true }));

describe('a rulebook figure whose card art is not an image', () => {
  it('fails as a value naming the image, and writes nothing', async () => {
    // Card A's front gains an image layer pointing at a text file named .png.
    const front = JSON.parse(readFileSync(join(t.dir, 'front.template.json'), 'utf8'));
    front.layers.push({ id: 'art', type: 'image', x: 16, y: 30, w: 30, h: 30, src: 'file:art/a.png' });
    writeFileSync(join(t.dir, 'front.template.json'), JSON.stringify(front));
    mkdirSync(join(t.dir, 'art'));
    writeFileSync(join(t.dir, 'art', 'a.png'), 'this is not a picture\n');
    writeFileSync(join(t.dir, 'rules.en.md'), '# Rules\n\nDraw a card.\n\n![Card A](card:A)\n');
    const deps = { projects: new ProjectStore(t.root), fonts: createFontService(), assets: (dir: string) => createAssetService({ projectDir: dir }) };
    const out = join(t.root, 'rules.pdf');
    const r = await exportRulebook(deps, { projectId: t.id, lang: 'en', paper: 'a5' }, out);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('rulebook/image-not-image');
    expect(!r.ok && r.error.message).toMatch(/Layer “art”: Image ref "file:art\/a\.png" is not a readable image/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
