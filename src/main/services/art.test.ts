import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { addArt, artBaseName, listArt, sniffFormat, type AddArtTarget } from './art';
import { GIF_1PX } from './export/test-images';

const root = mkdtempSync(join(tmpdir(), 'fuqi-art-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#C23B22' } }).png().toBuffer();

function project(name: string): AddArtTarget & { writes: string[] } {
  const dir = join(root, name);
  const writes: string[] = [];
  return { projectId: `u-${name}`, dir, cardWidthMm: 63, writes, recordWrite: (rel) => writes.push(rel) };
}

describe('sniffFormat and artBaseName', () => {
  it('knows images by content, not name', async () => {
    expect(sniffFormat(await png(2, 2))).toBe('png');
    expect(sniffFormat(await sharp(await png(2, 2)).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffFormat(await sharp(await png(2, 2)).webp().toBuffer())).toBe('webp');
    expect(sniffFormat(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffFormat(Buffer.from('id,name\nrat,鼠\n'))).toBeUndefined();
    expect(sniffFormat(GIF_1PX)).toBeUndefined();
  });

  it('makes safe names: last path part, letters of any script, no reserved names', () => {
    expect(artBaseName('C:\\Users\\me\\Rat Card (final).PNG')).toBe('rat-card-final');
    expect(artBaseName('../../etc/福 字.svg')).toBe('福-字');
    expect(artBaseName('.hidden.png')).toBe('hidden');
    expect(artBaseName('(((.png')).toBe('image');
    expect(artBaseName('CON.png')).toBe('con-image');
    expect(artBaseName('a'.repeat(100) + '.png')).toHaveLength(60);
  });
});

describe('addArt', () => {
  it('copies a PNG into art/, answers its ref, size and dpi across the card, and warns when that is under 300', async () => {
    const p = project('one');
    const r = await addArt(p, 'Rat Card.PNG', await png(400, 560));
    expect(r).toMatchObject({ ok: true, value: { ref: 'file:art/rat-card.png', path: 'art/rat-card.png', width: 400, height: 560, format: 'png', dpiAtCard: 161 } });
    if (!r.ok) return;
    expect(r.value.warnings.map((w) => w.code)).toEqual(['art/low-dpi']);
    expect(r.value.warnings[0]!.message.zh).toContain('161 dpi');
    expect(p.writes).toEqual(['art/rat-card.png']);
    expect(sniffFormat(readFileSync(join(p.dir, 'art', 'rat-card.png')))).toBe('png');
    const sharpEnough = await addArt(p, 'big.png', await png(1000, 10));
    expect(sharpEnough.ok && sharpEnough.value.warnings).toEqual([]);
  });

  it('never overwrites: a second file of the same name gets -2, and says so', async () => {
    const p = project('collide');
    const first = await addArt(p, 'fu.png', await png(800, 800));
    const before = readFileSync(join(p.dir, 'art', 'fu.png'));
    const second = await addArt(p, 'fu.png', await png(900, 900));
    expect(first.ok && first.value.ref).toBe('file:art/fu.png');
    expect(second.ok && second.value.ref).toBe('file:art/fu-2.png');
    expect(second.ok && second.value.warnings.map((w) => w.code)).toContain('art/name-taken');
    expect(readFileSync(join(p.dir, 'art', 'fu.png')).equals(before)).toBe(true);
  });

  it('refuses a text file named .png, a GIF and a truncated PNG, writing nothing', async () => {
    const p = project('refuse');
    const text = await addArt(p, 'cards.png', Buffer.from('id,name\nrat,鼠\n'));
    expect(text).toMatchObject({ ok: false, error: { code: 'art/unsupported' } });
    if (!text.ok) expect(text.error.message).toMatch(/cards\.png is not a PNG, JPEG, WebP or SVG image/);
    expect(await addArt(p, 'x.gif', GIF_1PX)).toMatchObject({ ok: false, error: { code: 'art/unsupported' } });
    const whole = await png(300, 300);
    const cut = await addArt(p, 'cut.png', whole.subarray(0, whole.length / 2));
    expect(cut).toMatchObject({ ok: false, error: { code: 'art/bad-image' } });
    expect(existsSync(join(p.dir, 'art', 'cut.png'))).toBe(false);
    expect(p.writes).toEqual([]);
  });

  it('sanitises an SVG (script and handlers removed, a warning) and renames by content', async () => {
    const p = project('svg');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" onload="alert(1)"><script>alert(2)</script><rect width="20" height="20" fill="#C23B22"/></svg>';
    const r = await addArt(p, 'logo.txt', Buffer.from(svg));
    expect(r).toMatchObject({ ok: true, value: { ref: 'file:art/logo.svg', path: 'art/logo.svg', format: 'svg', dpiAtCard: null, width: 20, height: 20 } });
    if (!r.ok) return;
    expect(r.value.warnings.map((w) => w.code).sort()).toEqual(['art/renamed', 'art/svg-cleaned']);
    // The Chinese notice names what was removed in Chinese.
    const cleaned = r.value.warnings.find((w) => w.code === 'art/svg-cleaned')!;
    expect(cleaned.message.zh.replace(/SVG/g, '')).not.toMatch(/[A-Za-z]/);
    const saved = readFileSync(join(p.dir, 'art', 'logo.svg'), 'utf8');
    expect(saved).not.toMatch(/script|alert|onload/);
    expect(saved).toContain('<rect width="20" height="20" fill="#C23B22"/>');
    const broken = await addArt(p, 'broken.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'));
    expect(broken).toMatchObject({ ok: false, error: { code: 'art/bad-svg' } });
  });

  it('refuses to write through an art link', async () => {
    const p = project('linked');
    await addArt(project('elsewhere-src'), 'a.png', await png(10, 10));
    mkdirSync(p.dir, { recursive: true });
    symlinkSync(join(root, 'elsewhere-src', 'art'), join(p.dir, 'art'));
    const r = await addArt(p, 'b.png', await png(10, 10));
    expect(r).toMatchObject({ ok: false, error: { code: 'art/folder' } });
    expect(existsSync(join(root, 'elsewhere-src', 'art', 'b.png'))).toBe(false);
  });
});

describe('listArt', () => {
  it('lists the art folder with PNG thumbnails (cached), names the unreadable ones, skips links and others', async () => {
    const p = project('list');
    await addArt(p, 'b.png', await png(600, 300));
    await addArt(p, 'a.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="5"/></svg>'));
    writeFileSync(join(p.dir, 'art', 'fake.jpg'), 'not an image');
    writeFileSync(join(p.dir, 'art', 'notes.txt'), 'x');
    symlinkSync('/etc/hostname', join(p.dir, 'art', 'link.png'));
    const { files, folder } = await listArt(p.dir);
    expect(folder).toBe(join(p.dir, 'art'));
    expect(files.map((f) => f.ref)).toEqual(['file:art/a.svg', 'file:art/b.png', 'file:art/fake.jpg']);
    expect(files.map((f) => f.path)).toEqual(['art/a.svg', 'art/b.png', 'art/fake.jpg']);
    const [a, b, fake] = files;
    expect(a!.thumb).toMatch(/^data:image\/png;base64,/);
    expect(b).toMatchObject({ format: 'png', width: 600, height: 300 });
    const thumb = await sharp(Buffer.from(b!.thumb!.split(',')[1]!, 'base64')).metadata();
    expect([thumb.width, thumb.height]).toEqual([128, 64]);
    expect(fake!.thumb).toBeUndefined();
    expect(fake!.problem?.en).toMatch(/not a PNG, JPEG, WebP or SVG/);
    expect((await listArt(p.dir)).files[1]!.thumb).toBe(b!.thumb);
    expect(await listArt(join(root, 'nothing-here'))).toEqual({ files: [], folder: null });
  });
});
