import { describe, expect, it } from 'vitest';
import { rowCard } from '../../../shared/cards/row-card';
import { fakeMeasurer } from '../../../shared/cards/test-measurer';
import { ERROR_KEYS as ART_ERRORS } from '../features/data/art/art.svelte';
import { failureOf } from '../features/data/import/import.svelte';
import { ERROR_KEYS as GRID_ERRORS, problemText } from '../features/data/messages';
import { layoutEditorFace } from '../features/editor/face';
import type { TemplateJson } from '../features/editor/layers';
import { AppError } from '../../../shared/ipc/contract';
import { FEATURE_CATALOGUES } from './catalogue';
import { i18n } from './I18n.svelte';
import { WARNING_FORMS, warningCard, warningText } from './layout-warnings';

/**
 * Everything the renderer can say, in both languages: every catalogue message, every error code
 * mapped to a message, and every warning the layout and the editor write (rendered for real and
 * said again in Chinese: no English sentence reaches the Chinese interface).
 */
const CJK = /[\u3400-\u9fff]/;
/** Chinese messages that are only a symbol, a unit or a name (nothing to translate). */
const LATIN_BY_DESIGN = (text: string): boolean => !/[A-Za-z]{4,}/.test(text.replace(/\{\w+\}/g, '').replace(/\b(CSV|XLSX|PDF|PNG|JPEG|WebP|SVG|TTS|TTF|OTF|WOFF2|DPI|Ctrl|Shift|Alt|Space|Enter|Tab|Esc|Delete|file:art|icon|mm|px|pt|A4|A5|A3|Letter|Legal|Tabloid|OFL|SIL)\b/gi, ''));

/** Keys whose Chinese is English on purpose. */
const ENGLISH_BY_DESIGN = new Set(['home.new.namePlaceholderEn']);

function inZh<T>(f: () => T): T {
  const was = i18n.locale;
  i18n.locale = 'zh';
  try {
    return f();
  } finally {
    i18n.locale = was;
  }
}

describe('every message the renderer shows has Chinese and English', () => {
  it('in every catalogue file: both languages present, the Chinese not an English sentence', () => {
    const bad: string[] = [];
    for (const [file, mod] of Object.entries(FEATURE_CATALOGUES)) {
      const zh = mod.zh as Record<string, string>;
      const en = mod.en as Record<string, string>;
      for (const key of new Set([...Object.keys(zh), ...Object.keys(en)])) {
        if (!zh[key]?.trim()) bad.push(`${file} ${key}: no zh`);
        else if (!en[key]?.trim()) bad.push(`${file} ${key}: no en`);
        else if (!CJK.test(zh[key]!) && !LATIN_BY_DESIGN(zh[key]!) && !ENGLISH_BY_DESIGN.has(key)) bad.push(`${file} ${key}: zh is English: ${zh[key]}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('for every error code mapped to a message', () => {
    for (const [code, key] of Object.entries({ ...ART_ERRORS, ...GRID_ERRORS })) {
      for (const locale of ['zh', 'en'] as const) {
        i18n.locale = locale;
        expect(i18n.t(key, { name: 'x', message: 'm' }), `${code} ${locale}`).not.toBe(key);
      }
    }
    const failures = [
      new AppError('sheets/encoding', 'main said the file is UTF-16', { encoding: 'utf-16' }),
      new AppError('sheets/encoding', 'main said the file is GBK', { encoding: 'legacy' }),
      new AppError('sheets/no-sheet', 'main said there is no such sheet'),
      new AppError('sheets/invalid', 'a.csv: a quoted cell starting in row 3 is never closed; add the missing "', { quoteRow: 3 }),
      new AppError('sheets/invalid', 'a.ods is not a CSV or XLSX file (.ods)'),
    ];
    for (const e of failures) {
      const f = failureOf(e, 'a.csv');
      const zh = inZh(() => i18n.t(f.key, f.params));
      expect(zh, e.message).toMatch(CJK);
      expect(zh).not.toContain(e.message);
    }
    for (const code of ['number', 'colour', 'image', 'list', 'copies', 'id-empty', 'id-duplicate'] as const)
      expect(inZh(() => problemText({ code, row: 0, line: 2, col: 0, column: 'c', value: 'v', message: 'English' })), code).toMatch(CJK);
  });

  it('for every warning form, and for the warnings the layout and the editor really write', () => {
    for (const f of WARNING_FORMS) {
      expect(FEATURE_CATALOGUES.editor.zh[f.key as keyof typeof FEATURE_CATALOGUES.editor.zh], f.key).toMatch(CJK);
      expect(FEATURE_CATALOGUES.editor.en[f.key as keyof typeof FEATURE_CATALOGUES.editor.zh], f.key).toBeTruthy();
    }
    const messages: string[] = [];
    const r = rowCard(['id', 'copies', 'template', 'back', 'name'], ['', 'x', 'nope', 'gone', '福'], new Set(['front', 'back']));
    messages.push(...r.warnings.map((w) => w.message));
    expect(inZh(() => warningCard(r.card.id))).toBe('（无编号）');
    const tpl: TemplateJson = {
      schemaVersion: 2,
      name: 'front',
      maps: {},
      layers: [
        { id: 'typo', type: 'text', x: 1, y: 50, w: 5, h: 3, text: '{{nmae}} 很长很长很长的文字 \u{1F600}', face: 'sans', size: 12, color: '#000000', fit: 'wrap' },
        { id: 'bad', type: 'rect', x: 5, y: 5, w: -1, h: 10, fill: '#FFFFFF' },
        { id: 'pic', type: 'image', x: 5, y: 5, w: 10, h: 10, src: '' },
        { id: 'col', type: 'rect', x: 5, y: 5, w: 10, h: 10, fill: '{{name}}' },
        { id: 'cutMissing', type: 'image', x: 5, y: 5, w: 10, h: 10, src: 'file:art/a.png', clip: { layer: 'nope' } },
        { id: 'turned', type: 'rect', x: 5, y: 5, w: 10, h: 10, rotation: 20 },
        { id: 'cutTurned', type: 'image', x: 5, y: 5, w: 10, h: 10, src: 'file:art/a.png', clip: { layer: 'turned' } },
        { id: 'cutText', type: 'image', x: 5, y: 5, w: 10, h: 10, src: 'file:art/a.png', clip: { layer: 'typo' } },
      ],
    };
    const measurer = { ...fakeMeasurer, hasGlyph: (_f: string, cp: number) => cp < 0x1f000 } as typeof fakeMeasurer;
    const face = inZh(() => layoutEditorFace(tpl, { id: 'c1', copies: 1, template: 'front', back: 'back', fields: { name: '福' } }, { width: 63, height: 88, bleed: 3, safe: 3 }, measurer));
    for (const list of face.warnings.values()) messages.push(...list);
    // The preview's note when a card's picture is not in the project (written by main's renderRow).
    messages.push('Image "file:art/gone.png" could not be found; check the art column and the icon name.');
    expect(messages.length).toBeGreaterThanOrEqual(11);
    const english = messages.map((m) => [m, inZh(() => warningText(m))] as const).filter(([, zh]) => !CJK.test(zh) || /[A-Za-z]{5,} [a-z]{3,} [a-z]{3,}/.test(zh.replace(/"[^"]*"|“[^”]*”/g, '')));
    expect(english).toEqual([]);
  });
});
