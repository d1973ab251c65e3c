declare const jsonTextOf: unique symbol;

/**
 * The JSON text of a `T`, already written (by PostgreSQL, for a list it builds itself): a route
 * sends it as it is, without parsing it into objects and writing them out again. Its type says
 * which answer it spells; a test of each statement that writes one checks the text against the
 * contract's schema and against the answer the server would write itself.
 */
export type JsonText<T> = string & { readonly [jsonTextOf]?: T };

/** `text` as the JSON of a `T`: only for text a statement wrote from the contract's fields. */
export const jsonText = <T>(text: string): JsonText<T> => text as JsonText<T>;
