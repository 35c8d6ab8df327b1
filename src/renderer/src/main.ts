// First: configures zod before any shared schema module is evaluated (see zod-csp.ts).
import './zod-csp';
// The print faces, loaded from the same @fontsource files main embeds in PDFs, so preview text
// has the metrics layout measured with. The chinese-simplified files also hold ASCII.
import '@fontsource/noto-sans-sc/chinese-simplified-400.css';
import '@fontsource/noto-sans-sc/chinese-simplified-500.css';
import '@fontsource/noto-sans-sc/chinese-simplified-700.css';
import '@fontsource/ma-shan-zheng/chinese-simplified-400.css';
import './app.css';
import { mount } from 'svelte';
import App from './App.svelte';
import { i18n } from './i18n/I18n.svelte';

document.documentElement.lang = i18n.tag;

const target = document.getElementById('app');
if (!target) throw new Error('index.html lacks the #app element');

/** The mounted application. */
export default mount(App, { target });
