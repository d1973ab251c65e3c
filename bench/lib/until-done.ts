/**
 * Each side of a comparison timed until its background was done: a measured window's calls
 * (the server's answers, pgbench's transactions) counted from the window's start until the
 * last of the background calls sent within the window (writes beside reads, reads beside an
 * ingest) was answered, and divided by that span. A side that leaves its background waiting
 * is measured over the time it took to get it done, not over its window alone.
 */
import { round } from './common.ts';
import type { Recorder } from './http-load.ts';
import { doneBy, type PgbenchResult } from './pgbench.ts';

/** A stretch of time in `performance.now()` milliseconds. */
export interface Window {
  from: number;
  to: number;
}

/** pgbench's measured window in `performance.now()` milliseconds. */
export const pgbenchWindow = ({ window }: PgbenchResult): Window => ({
  from: window.startMs - performance.timeOrigin,
  to: window.endMs - performance.timeOrigin,
});

/**
 * When the background sent within `window` was all answered: the last answer among these
 * labels, or the window's end if that came later.
 */
export function doneAt(background: Recorder, labels: readonly string[], window: Window): number {
  return Math.max(window.to, background.lastAnswer(labels, window.from, window.to) ?? window.to);
}

/** How many of these labels' calls were answered within the windows, per second of them. */
export function answeredPerSecond(
  recorder: Recorder,
  labels: readonly string[],
  windows: Window[],
): number {
  const answered = windows.reduce(
    (total, { from, to }) => total + recorder.answeredWithin(labels, from, to),
    0,
  );
  const seconds = windows.reduce((total, { from, to }) => total + (to - from), 0) / 1000;
  return seconds > 0 ? round(answered / seconds, 0) : 0;
}

export interface UntilDone {
  /** Calls (or transactions, weighted) per second from the windows' starts until done. */
  perSecond: number;
  /** The longest a background took past its window's end, in seconds. */
  latestAfterSeconds: number;
}

function rate(spans: { window: Window; done: number; count: number }[]): UntilDone {
  const seconds = spans.reduce((total, span) => total + (span.done - span.window.from), 0) / 1000;
  const count = spans.reduce((total, span) => total + span.count, 0);
  return {
    perSecond: seconds > 0 ? round(count / seconds, 0) : 0,
    latestAfterSeconds: round(
      Math.max(0, ...spans.map((span) => (span.done - span.window.to) / 1000)),
    ),
  };
}

/** The server's side: `labels` answered in each window until `done(window)`. */
export function serverUntilDone(
  recorder: Recorder,
  labels: readonly string[],
  windows: Window[],
  done: (window: Window) => number,
): UntilDone {
  return rate(
    windows.map((window) => {
      const end = done(window);
      return { window, done: end, count: recorder.answeredWithin(labels, window.from, end) };
    }),
  );
}

/**
 * pgbench's side: each run's transactions until `done(window)`, each script's weighted by
 * `weight` (the calls it stands for; 1 by default).
 */
export function pgbenchUntilDone(
  results: PgbenchResult[],
  done: (window: Window) => number,
  weight: (script: string) => number = () => 1,
): UntilDone {
  return rate(
    results.map((result) => {
      const window = pgbenchWindow(result);
      const end = done(window);
      const counts = doneBy(result, end + performance.timeOrigin);
      const count = Object.entries(counts).reduce(
        (total, [name, transactions]) => total + transactions * weight(name),
        0,
      );
      return { window, done: end, count };
    }),
  );
}
