// The part of autocannon's API that the throughput scenario uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  /** A running load: a promise of its result that also reports each response. */
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (
        client: unknown,
        statusCode: number,
        bytes: number,
        responseTimeMs: number,
      ) => void,
    ): Instance;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
