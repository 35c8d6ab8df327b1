import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { call, freshStart, newBlankProject, watchErrors } from './page-helpers';

/**
 * Logic where designers expect it, as a designer writes it in the template editor: a text layer
 * bound to an expression (`{{cost * 2}}`, `{{if(…)}}`, `{{upper(…)}}`), a layer shown by an
 * expression, a broken expression reported on its layer with the card, and a per-card template
 * rule (`type == "zodiac"` → front-zodiac) instead of a template column; then the deck as the
 * print pipeline lays it out.
 */

interface Rendered {
  cards: { id: string; front: { list: { ops: { op: string; text?: string; ops?: unknown[]; fill?: { color?: string } }[] } } }[];
}
/** Every text a card's front draws, joined. */
function frontText(r: Rendered, id: string): string {
  const out: string[] = [];
  const walk = (ops: { op: string; text?: string; ops?: unknown[] }[]) => {
    for (const o of ops) {
      if (o.op === 'text' && o.text) out.push(o.text);
      if (o.ops) walk(o.ops as never);
    }
  };
  walk(r.cards.find((c) => c.id === id)!.front.list.ops);
  return out.join(' ');
}

test('expressions: a computed binding, a show-when expression, a broken one on its layer, and a per-card template rule', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = await watchErrors(page);
  await freshStart(page);
  const { id, dir } = await newBlankProject(page, '生肖牌', 'Zodiac Deck');
  // The data, as a spreadsheet would save it: a kind and a cost per card, no template column.
  writeFileSync(join(dir, 'cards.csv'), 'id,copies,name,text,type,cost\nrat,1,鼠 Rat,先走一步。,zodiac,3\nox,1,牛 Ox,慢慢来。,zodiac,1\nrain,1,雨 Rain,全体摸牌。,event,2\n');
  // Opened afresh, the data page shows the file as written (a write in the very first moment after
  // the page opened can come before its file watch starts).
  await page.reload();
  await expect(page.getByRole('grid')).toContainText('鼠 Rat');
  // A second front for the zodiac cards, added as the editor's Add template does.
  await call(page, 'templates:add', { projectId: id, name: 'front-zodiac' });

  await page.getByRole('link', { name: '模板', exact: true }).click();
  await page.waitForURL(/\/template$/);
  const prop = (k: string) => page.locator(`[data-prop="${k}"]`);
  const face = page.getByTestId('editor-face');

  // The body text: its value, twice the cost, and the kind in Chinese for events.
  await page.locator('[data-layer-row="body"]').click();
  await prop('text').fill('{{upper(text)}} 费用 {{cost * 2}}{{if(type == "event", " · 事件", "")}}');
  await expect(face).toContainText('费用 6');
  // Shown only for cards of cost 2 or more: the first card (cost 3) still shows it.
  await prop('when-expr').fill('cost >= 2 and type != "unit"');
  await prop('when-expr').press('Enter');
  await expect(face).toContainText('费用 6');
  // A typo is shown on the layer with the card, in both languages; nothing is thrown.
  await prop('when-expr').fill('cost >= nope');
  await prop('when-expr').press('Enter');
  await expect(page.getByText(/uses column "nope".*表达式/).first()).toBeVisible();
  await expect(face).not.toContainText('费用');
  await prop('when-expr').fill('cost >= 2');
  await prop('when-expr').press('Enter');
  await expect(face).toContainText('费用 6');

  // The per-card template rule: zodiac cards take front-zodiac, without a template column.
  const rules = page.locator('[data-template-rules]');
  if (!(await rules.getAttribute('open'))) await rules.locator('summary').click();
  await rules.getByRole('button', { name: '添加规则' }).click();
  await rules.getByRole('textbox', { name: '条件 1' }).fill('type == "zodiac"');
  await rules.getByRole('combobox', { name: '正面模板 1' }).selectOption('front-zodiac');
  await rules.getByRole('button', { name: '保存规则' }).click();
  await expect(rules.getByText('规则已保存')).toBeVisible();
  // The live deck beside the card follows: only the event card uses "front" now.
  await expect(page.getByText('使用此模板的牌：显示 1 张，共 1 张（表中 3 行）')).toBeVisible();
  const pj = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')) as { schemaVersion: number; templateRules: unknown };
  expect(pj.templateRules).toEqual([{ when: 'type == "zodiac"', template: 'front-zodiac' }]);
  expect(pj.schemaVersion).toBe(5);
  // A rule that cannot be read is refused with the message naming it.
  await rules.getByRole('button', { name: '添加规则' }).click();
  await rules.getByRole('textbox', { name: '条件 2' }).fill('type = "event"');
  await rules.getByRole('button', { name: '保存规则' }).click();
  await expect(rules.getByRole('alert')).toContainText('templateRules[1].when');
  await rules.getByRole('button', { name: '删除规则 2' }).click();
  await page.screenshot({ path: join('test-results', 'expressions', 'editor.png') });

  // The template is saved at format 5 (it uses expressions), and the deck follows both.
  await expect.poll(() => JSON.parse(readFileSync(join(dir, 'front.template.json'), 'utf8')).schemaVersion).toBe(5);
  const body = (JSON.parse(readFileSync(join(dir, 'front.template.json'), 'utf8')) as { layers: { id: string; when?: unknown }[] }).layers.find((l) => l.id === 'body')!;
  expect(body.when).toEqual({ expr: 'cost >= 2' });
  const deck = await call<Rendered>(page, 'projects:render', { projectId: id });
  // rat and ox are zodiac cards: the blank front-zodiac draws no body text; rain uses front.
  expect(frontText(deck, 'rain')).toContain('全体摸牌。 费用 4 · 事件');
  expect(frontText(deck, 'rat')).not.toContain('费用');
  expect(frontText(deck, 'ox')).not.toContain('费用');

  expect(errors).toEqual([]);
});
