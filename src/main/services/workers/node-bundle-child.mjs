// `node node-bundle-child.mjs <entry> <outfile> <root>`: builds one bundle for `bundleForNodeSync`
// (node-bundle.mjs) in a process of its own, where esbuild's plugins can run.
import { bundleForNode } from './node-bundle.mjs';

const [entry, outfile, root] = process.argv.slice(2);
await bundleForNode({ entry, outfile, root });
