import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

/**
 * The built-in games' printed text uses typographic quotes: an apostrophe is ’ and quotations are
 * “…” or ‘…’, never the typewriter ' and ". Checked in every card, board and reference table field
 * (cards.csv, the templates' text), the project descriptions, and the English rulebooks' prose
 * (Markdown syntax aside: code spans, link targets and figure titles keep their straight quotes).
 */
const TEMPLATES = join(__dirname, '..', 'templates');
const games = readdirSync(TEMPLATES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const STRAIGHT = /['"]/;

/** Every string value of a JSON document, with where it is. */
function strings(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${path}.${k}`, out);
  return out;
}

/** A Markdown line's prose: code spans, link and image targets (with their titles) and HTML tags removed. */
const prose = (line: string): string => line.replace(/`[^`]*`|\]\([^)]*\)|<[^>]+>/g, ' ');

describe('typographic quotes in the built-in games', () => {
  it('finds the games', () => expect(games).toEqual(expect.arrayContaining(['doufu', 'zodiac-race', 'zodiac-race-board'])));

  it.each(games)('%s: no straight quote in a card or board field', (game) => {
    const rows = Papa.parse<Record<string, string>>(readFileSync(join(TEMPLATES, game, 'cards.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
    expect(rows.length).toBeGreaterThan(0);
    const bad = rows.flatMap((r) => Object.entries(r).filter(([, v]) => STRAIGHT.test(v ?? '')).map(([k, v]) => `${r.id}.${k}: ${v}`));
    expect(bad).toEqual([]);
  });

  it.each(games)('%s: no straight quote in the text of its templates and project', (game) => {
    const files = readdirSync(join(TEMPLATES, game)).filter((f) => f.endsWith('.template.json') || f === 'project.json');
    const bad = files.flatMap((f) => strings(JSON.parse(readFileSync(join(TEMPLATES, game, f), 'utf8')), f).filter(([, v]) => STRAIGHT.test(v)).map(([p, v]) => `${p}: ${v}`));
    expect(bad).toEqual([]);
  });

  it.each(games.filter((g) => readdirSync(join(TEMPLATES, g)).includes('rules.en.md')))('%s: no straight quote in the English rulebook’s prose', (game) => {
    let fence = false;
    const bad: string[] = [];
    readFileSync(join(TEMPLATES, game, 'rules.en.md'), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.startsWith('```')) fence = !fence;
        else if (!fence && STRAIGHT.test(prose(line))) bad.push(`line ${i + 1}: ${line}`);
      });
    expect(bad).toEqual([]);
  });

  it('tells an opening quote from a closing one: none opens after a letter, none closes before one', () => {
    for (const game of games.filter((g) => readdirSync(join(TEMPLATES, g)).includes('rules.en.md'))) {
      const text = prose(readFileSync(join(TEMPLATES, game, 'rules.en.md'), 'utf8'));
      expect(text.match(/[A-Za-z0-9][“‘]|”[A-Za-z0-9]/g) ?? [], game).toEqual([]);
    }
  });
});
