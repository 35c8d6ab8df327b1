export declare function cacheDir(env?: Record<string, string | undefined>, platform?: string): string | undefined;
