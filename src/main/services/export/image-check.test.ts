import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawOp } from '../../../shared/cards/draw-list';
import type { PreflightFace } from '../../../shared/print/preflight';
import { createAssetService } from './assets';
import { checkImages } from './image-check';
import { pngHeaderOnly, SVG_UNDEFINED_ENTITY } from './test-images';

const base = mkdtempSync(join(tmpdir(), 'image-check-'));
const dir = join(base, 'project');
afterAll(() => rmSync(base, { recursive: true, force: true }));

beforeAll(async () => {
  mkdirSync(join(dir, 'art'), { recursive: true });
  const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#336699' } }).png().toBuffer();
  writeFileSync(join(base, 'secret.png'), await png(8, 8));
  writeFileSync(join(dir, 'art', 'small.png'), await png(100, 80));
  writeFileSync(join(dir, 'art', 'text.png'), 'id,name\nrat,鼠\n');
  writeFileSync(join(dir, 'art', 'huge.png'), pngHeaderOnly(30000, 30000));
  writeFileSync(join(dir, 'art', 'entity.svg'), SVG_UNDEFINED_ENTITY);
  symlinkSync(join(base, 'secret.png'), join(dir, 'art', 'linked.png'));
});

const image = (id: string, ref: string, w = 20, h = 20): DrawOp => ({ op: 'image', id, x: 5, y: 5, w, h, ref });
const face = (cardId: string, side: 'front' | 'back', ops: DrawOp[]): PreflightFace => ({ cardId, side, list: { width: 63, height: 88, bleed: 3, ops }, safe: 3 });

describe('checkImages', () => {
  it('turns every image an export would fail on into an error naming card, side, layer and file', async () => {
    const faces = [
      face('RAT', 'front', [image('art', 'file:art/text.png'), image('bg', 'file:art/small.png')]),
      face('OX', 'front', [image('art', 'file:art/huge.png')]),
      face('OX', 'back', [{ op: 'group', id: 'g', ops: [image('fu', 'file:art/entity.svg')] }]),
      face('TIGER', 'front', [image('art', 'file:/etc/passwd.png'), image('art2', 'file:../secret.png'), image('art3', 'file:art/linked.png')]),
      face('HARE', 'front', [image('art', 'icon:fluent-emoji-flat:rabbit', 1e6, 1e6)]),
    ];
    const t0 = Date.now();
    const { issues, sizes } = await checkImages(faces, createAssetService({ projectDir: dir }));
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(issues.map((i) => [i.severity, i.code, i.cardId, i.elementId])).toEqual([
      ['error', 'print/image-outside', 'TIGER', 'art2'],
      ['error', 'print/image-outside', 'TIGER', 'art'],
      ['error', 'print/image-not-image', 'OX', 'fu'],
      ['error', 'print/image-too-large', 'OX', 'art'],
      ['error', 'print/image-outside', 'TIGER', 'art3'],
      ['error', 'print/image-not-image', 'RAT', 'art'],
      ['error', 'print/image-box', 'HARE', 'art'],
    ]);
    const byLayer = (card: string, layer: string) => issues.find((i) => i.cardId === card && i.elementId === layer)!.message;
    expect(byLayer('RAT', 'art').en).toMatch(/^Card RAT \(front\), layer “art”: Image ref "file:art\/text\.png" is not a readable image/);
    expect(byLayer('RAT', 'art').zh).toMatch(/^卡牌 RAT（正面），图层“art”：图片“file:art\/text\.png”无法解码/);
    // libvips says why (here "Entity 'nope' not defined") through one error buffer per process:
    // when two decodes fail at once the detail can go to the other one, so only the naming is sure.
    expect(byLayer('OX', 'fu').en).toMatch(/^Card OX \(back\), layer “fu”: Image ref "file:art\/entity\.svg" is not a readable image/);
    expect(byLayer('OX', 'art').en).toMatch(/30000 × 30000 px/);
    expect(byLayer('TIGER', 'art').en).toMatch(/"file:\/etc\/passwd\.png": \/etc\/passwd\.png is an absolute path/);
    expect(byLayer('TIGER', 'art3').en).toMatch(/art\/linked\.png is a link to a file outside the project folder/);
    expect(byLayer('HARE', 'art').en).toMatch(/box of 1000000 × 1000000 mm, over the limit of 1200 mm/);
    // The good raster's real pixel size goes to the low-DPI check; icons and broken refs do not.
    expect([...sizes]).toEqual([['file:art/small.png', { widthPx: 100, heightPx: 80 }]]);
  });

  it('reports a ref used on many faces once, with the count of the others', async () => {
    const faces = ['A', 'B', 'C'].map((id) => face(id, 'back', [image('fu', 'file:art/missing.svg')]));
    const { issues } = await checkImages(faces, createAssetService({ projectDir: dir }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'print/image-missing', cardId: 'A', elementId: 'fu' });
    expect(issues[0]!.message.en).toMatch(/^Card A \(back\), layer “fu” \(and 2 other faces\): Image ref "file:art\/missing\.svg": art\/missing\.svg is not in the project folder/);
  });

  it('finds nothing wrong with good images and reads each once', async () => {
    const assets = createAssetService({ projectDir: dir });
    let calls = 0;
    const counting = { inspect: (ref: string) => (calls++, assets.inspect(ref)) };
    const faces = ['A', 'B'].map((id) => face(id, 'front', [image('art', 'file:art/small.png'), image('icon', 'icon:fluent-emoji-flat:rat')]));
    const { issues, sizes } = await checkImages(faces, counting);
    expect(issues).toEqual([]);
    expect(calls).toBe(2);
    expect(sizes.get('file:art/small.png')).toEqual({ widthPx: 100, heightPx: 80 });
  });
});
