import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fontsReady, freshStart, watchErrors } from './page-helpers';

/**
 * Home in browser mode: create a blank project through the dialog (with its validation), rename
 * it, duplicate it, trash the duplicate (it lands in `<projects>/.trash`), copy 斗福 into a
 * variant of one's own, open a folder by typed path (with the errors a wrong path gets), and see
 * it under Recent. Screenshots of Home in Chinese and English go to test-results/screenshots/.
 */

const SHOTS = join(__dirname, '..', 'test-results', 'screenshots');
// The web host of this run keeps user projects here (playwright.config.ts).
const PROJECTS = join(process.env.FUQI_E2E_EXPORT_DIR!, 'projects');

/** Open a project's action menu (on its card or its Recent row) and choose an item. */
async function act(page: Page, scope: 'mine' | 'recent', name: string, item: string): Promise<void> {
  const section = page.getByRole('region', { name: scope === 'mine' ? '我的项目' : '最近使用' });
  await section.getByRole('button', { name: `${name} 的更多操作`, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('create, rename, duplicate, trash, copy a built-in game, open a folder, recent', async ({ page, context }) => {
  mkdirSync(SHOTS, { recursive: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = await watchErrors(page);
  await freshStart(page);

  const mine = page.getByRole('region', { name: '我的项目' });
  const recent = page.getByRole('region', { name: '最近使用' });
  const builtIn = page.getByRole('region', { name: '内置游戏' });
  await expect(builtIn.locator('[data-project-id="doufu"]')).toContainText('只读');
  // Other specs share the run's projects folder, so the list may hold their projects already;
  // everything below looks up projects by the names this test gives them.
  await expect(mine).toContainText('保存在');

  // New blank project: validation first, then a custom size.
  await page.getByRole('button', { name: '新建项目' }).first().click();
  const dialog = page.getByRole('dialog', { name: '新建项目' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('出血（毫米）')).toHaveValue('3');
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog.getByRole('alert')).toContainText('请填写项目名称');
  await dialog.getByLabel('中文名').fill('节气牌');
  await dialog.getByLabel('英文名').fill('Solar Terms');
  await dialog.getByText('塔罗牌').click();
  await expect(dialog.getByLabel('出血（毫米）')).toHaveValue('3');
  await dialog.getByText('自定义').click();
  await expect(dialog.getByLabel('宽（毫米）')).toHaveValue('70');
  await dialog.getByLabel('宽（毫米）').fill('500');
  await expect(dialog.getByText('请输入 10 到 400 之间的数')).toBeVisible();
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog.getByText('请先改正标出的字段')).toBeVisible();
  await dialog.getByLabel('宽（毫米）').fill('80');
  await dialog.getByLabel('高（毫米）').fill('120');
  await dialog.getByLabel('出血（毫米）').fill('2');
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'home-new-dialog-zh.png') });
  await dialog.getByRole('button', { name: '创建' }).click();
  await page.waitForURL(/#\/p\/u-[a-z0-9-]+\/(deck|data)$/);
  await expect(page.getByRole('navigation')).toContainText('节气牌');
  const created = JSON.parse(readFileSync(join(PROJECTS, 'Solar Terms', 'project.json'), 'utf8'));
  expect(created).toMatchObject({ name: { zh: '节气牌', en: 'Solar Terms' }, card: { preset: 'custom', width: 80, height: 120, bleed: 2, safe: 3, cornerRadius: 3 } });

  // Back home: the project is among yours and in Recent.
  await page.getByRole('link', { name: '首页' }).click();
  await expect(mine.getByRole('link', { name: '打开 节气牌' })).toContainText('3 张牌');
  await expect(recent.getByRole('link', { name: '节气牌' })).toBeVisible();

  // Rename.
  await act(page, 'mine', '节气牌', '重命名…');
  const rename = page.getByRole('dialog', { name: '重命名项目' });
  await rename.getByLabel('中文名').fill('');
  await rename.getByLabel('英文名').fill('');
  await rename.getByRole('button', { name: '保存名称' }).click();
  await expect(rename.getByRole('alert')).toContainText('请填写项目名称');
  await rename.getByLabel('中文名').fill('二十四节气');
  await rename.getByLabel('英文名').fill('24 Solar Terms');
  await rename.getByRole('button', { name: '保存名称' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('status')).toContainText('已改名为“二十四节气”');
  await expect(mine.getByRole('link', { name: '打开 二十四节气' })).toBeVisible();

  // Copy the folder path (the clipboard, or the path shown when the clipboard refuses).
  await act(page, 'mine', '二十四节气', '复制文件夹路径');
  await expect(page.getByRole('status')).toContainText(join(PROJECTS, 'Solar Terms'));

  // Duplicate, then trash the duplicate: gone from the list, kept in <projects>/.trash.
  await act(page, 'mine', '二十四节气', '创建副本');
  await expect(page.getByRole('status')).toContainText('已创建副本“二十四节气（副本）”');
  await expect(mine.getByRole('link', { name: '打开 二十四节气（副本）' })).toBeVisible();
  await act(page, 'mine', '二十四节气（副本）', '移到废纸篓…');
  const trash = page.getByRole('dialog', { name: '移到废纸篓？' });
  await expect(trash).toContainText('不会被删除');
  await expect(trash).toContainText('.trash');
  await expect(trash.getByRole('button', { name: '取消' })).toBeFocused();
  await trash.getByRole('button', { name: '移到废纸篓' }).click();
  await expect(trash).toBeHidden();
  await expect(page.getByRole('status')).toContainText(join(PROJECTS, '.trash'));
  await expect(mine.getByRole('link', { name: '打开 二十四节气（副本）' })).toHaveCount(0);
  await expect(mine.getByRole('link', { name: '打开 二十四节气' })).toBeVisible();
  expect(readdirSync(join(PROJECTS, '.trash')).filter((n) => n.startsWith('24 Solar Terms (copy)'))).toHaveLength(1);

  // My own 斗福 variant, from the built-in card.
  await builtIn.getByRole('button', { name: '复制 斗福 来改' }).click();
  const copy = page.getByRole('dialog', { name: '新建项目' });
  await expect(copy.getByRole('radio', { name: /斗福/ })).toBeChecked();
  await expect(copy.getByLabel('中文名')).toHaveValue('我的斗福');
  await copy.getByLabel('中文名').fill('我的变体');
  await copy.getByLabel('英文名').fill('My variant');
  await copy.getByRole('button', { name: '创建' }).click();
  await page.waitForURL(/#\/p\/u-[a-z0-9-]+\/(deck|data)$/);
  await expect(page.getByRole('navigation')).toContainText('我的变体');
  await page.getByRole('link', { name: '首页' }).click();
  await expect(mine.getByRole('link', { name: '打开 我的变体' })).toContainText('52 张牌');

  // Open a folder from elsewhere by typing its path: wrong paths first.
  const outside = join(process.env.FUQI_E2E_EXPORT_DIR!, 'elsewhere');
  const folder = join(outside, 'outside-game');
  cpSync(join(PROJECTS, 'Solar Terms'), folder, { recursive: true });
  const pj = JSON.parse(readFileSync(join(folder, 'project.json'), 'utf8'));
  writeFileSync(join(folder, 'project.json'), JSON.stringify({ ...pj, name: { zh: '外面的项目', en: 'Outside project' } }, null, 2));
  mkdirSync(join(outside, 'empty'), { recursive: true });

  await page.getByRole('button', { name: '打开文件夹…' }).click();
  const open = page.getByRole('dialog', { name: '打开项目文件夹' });
  await expect(open.getByRole('button', { name: 'Solar Terms' })).toBeVisible();
  const pathField = open.getByLabel('文件夹的完整路径');
  await pathField.fill(join(outside, 'nowhere'));
  await open.getByRole('button', { name: '打开', exact: true }).click();
  await expect(open.getByRole('alert')).toContainText('找不到这个文件夹');
  await pathField.fill(join(outside, 'empty'));
  await open.getByRole('button', { name: '打开', exact: true }).click();
  await expect(open.getByRole('alert')).toContainText('里面没有 project.json');
  await pathField.fill('relative/path');
  await open.getByRole('button', { name: '打开', exact: true }).click();
  await expect(open.getByRole('alert')).toContainText('请填写完整路径');
  await pathField.fill(folder);
  await open.getByRole('button', { name: '打开', exact: true }).click();
  await page.waitForURL(/#\/p\/x-outside-game-[0-9a-f]{8}\/(deck|data)$/);
  await expect(page.getByRole('navigation')).toContainText('外面的项目');

  // Recent: the opened folder first, marked as outside the projects folder.
  await page.getByRole('link', { name: '首页' }).click();
  const first = recent.getByRole('listitem').first();
  await expect(first).toContainText('外面的项目');
  await expect(first).toContainText('外部文件夹');
  await expect(first).toContainText(folder);
  await expect(mine.getByRole('link', { name: '打开 外面的项目' })).toHaveCount(0);

  // A project folder that does not load: listed with its problem, and it can still be trashed.
  mkdirSync(join(PROJECTS, 'broken-one'));
  writeFileSync(join(PROJECTS, 'broken-one', 'project.json'), '{ not json');
  await mine.getByRole('button', { name: '刷新' }).click();
  const broken = mine.locator('[data-project-id="u-broken-one"]');
  await expect(broken).toContainText('无法打开：项目文件有问题');
  await expect(broken).toContainText('project.json');
  await act(page, 'mine', 'broken-one', '移到废纸篓…');
  await page.getByRole('dialog', { name: '移到废纸篓？' }).getByRole('button', { name: '移到废纸篓' }).click();
  await expect(broken).toHaveCount(0);
  expect(readdirSync(join(PROJECTS, '.trash')).filter((n) => n.startsWith('broken-one-'))).toHaveLength(1);

  await page.getByRole('button', { name: '关闭提示' }).click();
  await page.mouse.move(0, 0);
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'home-zh.png'), fullPage: true });

  // English: the same Home, every string switched.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Built-in games' }).getByRole('button', { name: /Make my own copy/ }).first()).toBeVisible();
  await fontsReady(page);
  await page.screenshot({ path: join(SHOTS, 'home-en.png'), fullPage: true });
  await page.getByRole('button', { name: 'Open folder…' }).click();
  await page.getByRole('dialog', { name: 'Open a project folder' }).getByLabel('Full path of the folder').fill(join(outside, 'empty'));
  await page.getByRole('dialog', { name: 'Open a project folder' }).getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('That folder is not a project: it has no project.json.');
  await page.screenshot({ path: join(SHOTS, 'home-open-dialog-en.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  expect(errors).toEqual([]);
});
