/** Types of ./background-priority.mjs (plain JavaScript, loaded by worker threads before tsx). */
export declare const DEFAULT_BACKGROUND_NICE: number;
export declare function backgroundNice(env?: Record<string, string | undefined>): number;
export declare function lowerThisThreadPriority(nice?: number): number | undefined;
export declare function lowerProcessPriority(nice?: number): number;
