export declare const DESKTOP_NODE: [number, number, number];
export declare function nodeProblem(version?: string): string | null;
export declare function electronInstalled(electronDir: string): boolean;
export declare function electronProblem(electronDir: string, run?: (file: string) => { status: number | null; stderr?: string; error?: Error }): string | null;
