import { createFontService, type FontService } from './export/fonts';
import { createAssetService, type AssetService } from './export/assets';
import { ProjectStore } from './projects';
import { PrintService } from './print';
import { exportDir, savesDir } from './paths';
import { MatchStore } from './matches';
import type { AppInfo } from '../../shared/ipc/contract';
import { FONT_FACES } from '../../shared/cards/fonts';

/** The Node services behind the IPC contract, shared by the Electron app, the web host and the CLI. */
export interface Services {
  info(): AppInfo;
  projects: ProjectStore;
  fonts: FontService;
  /** Images of one project folder (icons, project files), cached per folder. */
  assets: { dataUrl(ref: string, projectDir: string): Promise<string | undefined>; forProject(dir: string): AssetService };
  print: PrintService;
  /** Saved matches (the table's save / load). */
  matches: MatchStore;
  exportDir: string;
  savesDir: string;
}

const VERSION = '0.1.0';

/** Build the services. `mode` only changes what `app:info` reports. */
export function createServices(opts: { mode: 'desktop' | 'browser' | 'cli'; exportDir?: string; savesDir?: string; templatesDir?: string }): Services {
  const projects = new ProjectStore(opts.templatesDir);
  const fonts = createFontService();
  const perDir = new Map<string, AssetService>();
  const forProject = (dir: string): AssetService => {
    let a = perDir.get(dir);
    if (!a) perDir.set(dir, (a = createAssetService({ projectDir: dir })));
    return a;
  };
  const assets = {
    forProject,
    async dataUrl(ref: string, dir: string) {
      try {
        return await forProject(dir).dataUrl(ref);
      } catch (e) {
        console.error(`[assets] ${ref}: ${(e as Error).message}`);
        return undefined;
      }
    },
  };
  const dir = opts.exportDir ?? exportDir();
  const print = new PrintService({ projects, fonts, assets: forProject, exportDir: dir });
  const saves = opts.savesDir ?? savesDir(dir);
  return {
    info: () => ({
      name: 'Fuqi Workshop 福器工坊',
      version: VERSION,
      mode: opts.mode === 'desktop' ? 'desktop' : 'browser',
      credits: [
        ...Object.values(FONT_FACES)
          .filter((f, i, all) => all.findIndex((g) => g.family === f.family) === i)
          .map((f) => ({ what: `${f.family} font`, who: f.family === 'Ma Shan Zheng' ? 'Ma ShanZheng (Google Fonts, via @fontsource)' : 'Google / Adobe (via @fontsource)', licence: f.licence })),
        { what: 'Fluent Emoji (flat) illustrations', who: 'Microsoft (via @iconify-json/fluent-emoji-flat)', licence: 'MIT' },
      ],
    }),
    projects,
    fonts,
    assets,
    print,
    matches: new MatchStore(saves),
    exportDir: dir,
    savesDir: saves,
  };
}
