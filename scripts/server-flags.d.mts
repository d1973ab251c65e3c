export declare const serverNodeFlags: string[];
export declare const sourceServerNodeFlags: string[];
