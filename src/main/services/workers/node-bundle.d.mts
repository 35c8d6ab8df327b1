export interface NodeBundleOptions {
  entry: string;
  outfile: string;
  root?: string;
  inline?: Set<string>;
}
export declare function bundleForNode(options: NodeBundleOptions): Promise<{ inputs: Record<string, unknown> }>;
export declare function bundleForNodeSync(options: Omit<NodeBundleOptions, 'inline'>): void;
