export declare const root: string;
export declare function buildWhenStale(
  what: string,
  workspace: string,
  output: string,
  npmArgs: readonly string[],
): string;
export declare function buildWebWhenStale(): string;
export declare function buildServerWhenStale(): string;
