import { createAssetService, type AssetService } from './export/assets';

/** The images of project folders: one cached asset service per folder, and preview data URLs. */
export interface ProjectAssets {
  /** The asset service of a project folder (icons, project files), made once per folder. */
  forProject(dir: string): AssetService;
  /** A preview data URL of `ref` in `projectDir`, or undefined (logged) when it cannot be made. */
  dataUrl(ref: string, projectDir: string): Promise<string | undefined>;
}

/** Asset services per project folder, shared by the main thread's services and each export worker. */
export function projectAssets(): ProjectAssets {
  const perDir = new Map<string, AssetService>();
  const forProject = (dir: string): AssetService => {
    let a = perDir.get(dir);
    if (!a) perDir.set(dir, (a = createAssetService({ projectDir: dir })));
    return a;
  };
  return {
    forProject,
    async dataUrl(ref, dir) {
      try {
        return await forProject(dir).dataUrl(ref);
      } catch (e) {
        console.error(`[assets] ${ref}: ${(e as Error).message}`);
        return undefined;
      }
    },
  };
}
