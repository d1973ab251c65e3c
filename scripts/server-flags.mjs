// The Node.js options the bundled API server runs with wherever it is started: `npm start`, the
// browser tests and the benchmarks (the Dockerfile's CMD spells out the same list).
// `--max-semi-space-size=64`: a young generation four times V8's default, so that a request's
// short-lived objects die before a collection finds them alive (docs/decisions/074).
const memoryFlags = ['--max-semi-space-size=64'];

export const serverNodeFlags = ['--enable-source-maps', ...memoryFlags];

/** The same memory options for the server run from its TypeScript sources through tsx. */
export const sourceServerNodeFlags = [...memoryFlags, '--import', 'tsx'];
