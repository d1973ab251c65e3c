// The Node.js options the bundled API server runs with wherever it is started: `npm start`, the
// browser tests and the benchmarks (the Dockerfile's CMD spells out the same list).
// `--max-semi-space-size=64`: a young generation four times V8's default, so that a request's
// short-lived objects die before a collection finds them alive (docs/decisions/074).
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=64'];

/** The same memory option for the server run from its TypeScript sources through tsx. */
export const sourceServerNodeFlags = ['--max-semi-space-size=64', '--import', 'tsx'];
