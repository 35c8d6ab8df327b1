// The print faces, loaded from the same @fontsource files main embeds in PDFs (see fonts.css).
import './fonts.css';
// Before any zod schema is built (building one probes for eval, which the CSP forbids).
import './features/editor/zod-jitless';
import './app.css';
import { mount } from 'svelte';
import App from './App.svelte';
import { i18n } from './i18n/I18n.svelte';

document.documentElement.lang = i18n.tag;

const target = document.getElementById('app');
if (!target) throw new Error('index.html lacks the #app element');

/** The mounted application. */
export default mount(App, { target });
