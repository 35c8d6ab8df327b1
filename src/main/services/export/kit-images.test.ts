// Preflight reads and decodes every image of the selected cards, so a bad one blocks the export
// with a message naming card, layer and file; accepted anyway, the export fails naming the ref.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PrintRequest } from '../../../shared/ipc/print-request';
import { templatesDir } from '../paths';
import { ProjectStore } from '../projects';
import { createAssetService } from './assets';
import { createFontService } from './fonts';
import { exportKit, preflightKit } from './kit';
import { SVG_UNDEFINED_ENTITY } from './test-images';

const base = mkdtempSync(join(tmpdir(), 'kit-images-'));
const root = join(base, 'projects');
const dir = join(root, 'broken');
cpSync(join(templatesDir(), 'doufu'), dir, { recursive: true });
writeFileSync(join(base, 'secret.png'), 'not for the PDF');
// RAT-FU's art escapes the folder; every back's 福 is an SVG that does not parse.
const csv = readFileSync(join(dir, 'cards.csv'), 'utf8').replace(/^(RAT-FU,.*)icon:fluent-emoji-flat:rat$/m, '$1file:../../secret.png');
writeFileSync(join(dir, 'cards.csv'), csv);
writeFileSync(join(dir, 'art', 'fu-dao.svg'), SVG_UNDEFINED_ENTITY);
afterAll(() => rmSync(base, { recursive: true, force: true }));

const deps = { projects: new ProjectStore(root), fonts: createFontService(), assets: (d: string) => createAssetService({ projectDir: d }) };
const request = (extra: object = {}) => PrintRequest.parse({ projectId: 'broken', cards: ['RAT-FU', 'OX-FU'], calibration: false, ...extra });

describe('export preflight checks images', () => {
  it('reports each bad image as an error naming card, side, layer and file, and blocks', async () => {
    expect(csv).toContain('file:../../secret.png');
    const r = await preflightKit(deps, request());
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.blocking).toBe(true);
    const images = r.value.issues.filter((i) => i.code.startsWith('print/image-') && i.code !== 'print/image-low-dpi');
    expect(images.map((i) => [i.code, i.cardId, i.elementId])).toEqual([
      ['print/image-outside', 'RAT-FU', 'art'],
      ['print/image-not-image', 'RAT-FU', 'fu'],
    ]);
    expect(images[0]!.message.en).toMatch(/^Card RAT-FU \(front\), layer “art”: Image ref "file:\.\.\/\.\.\/secret\.png": .*goes up out of the project folder/);
    expect(images[1]!.message.en).toMatch(/^Card RAT-FU \(back\), layer “fu” \(and 1 other face\): Image ref "file:art\/fu-dao\.svg" is not a readable image/);
    expect(images[1]!.message.zh).toMatch(/^卡牌 RAT-FU（背面），图层“fu”/);

    const out = join(base, 'out.pdf');
    const e = await exportKit(deps, request(), { pdf: out });
    expect(!e.ok && e.error.code).toBe('print/preflight');
    expect(existsSync(out)).toBe(false);
  });

  it('accepted anyway, the export fails (a value, not a throw) naming the card, layer and file', async () => {
    const out = join(base, 'accepted.pdf');
    const r = await exportKit(deps, request({ acceptPreflight: true }), { pdf: out });
    expect(!r.ok && r.error.code).toMatch(/^print\/image-(outside|not-image)$/);
    expect(!r.ok && r.error.message).toMatch(/^The export stopped: Card RAT-FU \((front|back)\), layer “(art|fu)”: Image ref "file:(\.\.\/\.\.\/secret\.png|art\/fu-dao\.svg)"/);
    expect(existsSync(out)).toBe(false);
  });
});
