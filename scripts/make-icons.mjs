// Draws the app icon, build/icon.png (1024 × 1024), from build/icon.svg: two fanned cards on a paper
// tile, in the app's palette (paper #F7F1E3, ink #1F1A17, vermilion #C23B22, gold #C9A227).
// electron-builder makes the Windows .ico, the macOS .icns and the Linux sizes from the PNG.
// Run `node scripts/make-icons.mjs` after changing the design.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const sharp = createRequire(import.meta.url)('sharp');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const card = (fill, stroke) => `<rect x="-190" y="-270" width="380" height="540" rx="44" fill="${fill}" stroke="${stroke}" stroke-width="22"/>`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
  <rect x="32" y="32" width="960" height="960" rx="210" fill="#F7F1E3"/>
  <rect x="32" y="32" width="960" height="960" rx="210" fill="none" stroke="#C23B22" stroke-width="20"/>
  <g transform="translate(430 530) rotate(-14)">${card('#F7F1E3', '#1F1A17')}
    <rect x="-130" y="-210" width="260" height="420" rx="22" fill="none" stroke="#C9A227" stroke-width="14"/></g>
  <g transform="translate(600 500) rotate(10)">${card('#C23B22', '#1F1A17')}
    <path d="M0 -150 L120 0 L0 150 L-120 0 Z" fill="#C9A227" stroke="#1F1A17" stroke-width="14"/>
    <path d="M0 -70 L56 0 L0 70 L-56 0 Z" fill="#C23B22"/></g>
</svg>
`;
writeFileSync(join(root, 'build', 'icon.svg'), svg);
await sharp(Buffer.from(svg)).png().toFile(join(root, 'build', 'icon.png'));
console.log('build/icon.png written');
