import type { LayerJson } from './layers';

/**
 * The editor's layer clipboard: copied layers (plain JSON), kept for the window's life so they
 * paste into another template or another project's template.
 */
export const clipboard: { layers: LayerJson[] } = { layers: [] };
