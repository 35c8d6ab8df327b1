import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFontService } from './export/fonts';
import { templatesDir } from './paths';
import { ProjectStore } from './projects';
import { typesetProjectRulebook } from './rulebook';

const root = mkdtempSync(join(tmpdir(), 'rulebook-source-'));
cpSync(join(templatesDir(), 'doufu'), join(root, 'deep-rules'), { recursive: true });
writeFileSync(join(root, 'deep-rules', 'rules.en.md'), `# Rules\n\nSetup.\n\n${'>'.repeat(20_000)} too deep\n`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('typesetProjectRulebook', () => {
  it('refuses a source nested 20,000 deep with a failure naming the file and the line, at once', () => {
    const deps = { projects: new ProjectStore(root), fonts: createFontService(), assets: () => { throw new Error('no images needed'); } };
    const t0 = Date.now();
    const r = typesetProjectRulebook(deps, { projectId: 'deep-rules', lang: 'en', paper: 'a5' });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(r).toEqual({
      ok: false,
      error: { code: 'rulebook/source', message: 'rules.en.md line 5: block quotes and lists are nested more than 16 deep (the limit); remove some of the leading ">" markers or list indentation on that line.' },
    });
  });
});
