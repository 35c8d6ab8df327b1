export declare const FUSE_NAMES: Record<string, string>;
export declare function fuseDifferences(binary: string, config?: { electronFuses?: Record<string, boolean> }): Promise<string[]>;
