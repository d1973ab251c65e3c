/**
 * Scale and geometry of the daily sales chart (plain SVG): bars for the amount on the left
 * axis, a line with dots for the count on the right axis. Pure, so that it is unit-tested.
 */

export interface Plot {
  /** Inner drawing area, in SVG units. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The smallest "nice" number (1, 2, 2.5, 5 × 10^n) at least `value`; 1 for zero or less. */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const candidate = step * magnitude;
    if (candidate >= value - magnitude * 1e-9) return candidate;
  }
  return 10 * magnitude;
}

/**
 * Evenly spaced axis values from 0 to a nice top at least `max`, `intervals` steps. The top
 * is chosen so that each step is itself a nice number, and whole when `integer` is set.
 */
export function axisTicks(max: number, intervals = 4, integer = false): number[] {
  let step = niceCeiling(max / intervals);
  if (integer) step = Math.max(1, Math.ceil(step));
  return Array.from({ length: intervals + 1 }, (_, index) => index * step);
}

/** The y coordinate of `value` on an axis from 0 (bottom of the plot) to `top`. */
export function scaleY(value: number, top: number, plot: Plot): number {
  const ratio = top > 0 ? Math.min(Math.max(value / top, 0), 1) : 0;
  return plot.top + plot.height * (1 - ratio);
}

/** The horizontal slot of the `index`-th of `count` days: its left edge and its width. */
export function slot(index: number, count: number, plot: Plot): { x: number; width: number } {
  const width = count > 0 ? plot.width / count : 0;
  return { x: plot.left + index * width, width };
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One bar per value, centred in its slot, `gapRatio` of the slot left empty. */
export function bars(values: readonly number[], top: number, plot: Plot, gapRatio = 0.25): Bar[] {
  return values.map((value, index) => {
    const { x, width } = slot(index, values.length, plot);
    const barWidth = width * (1 - gapRatio);
    const y = scaleY(value, top, plot);
    return {
      x: x + (width - barWidth) / 2,
      y,
      width: barWidth,
      height: plot.top + plot.height - y,
    };
  });
}

/** The centre of each slot at the height of its value (for the count line and dots). */
export function points(
  values: readonly number[],
  top: number,
  plot: Plot,
): { x: number; y: number }[] {
  return values.map((value, index) => {
    const { x, width } = slot(index, values.length, plot);
    return { x: x + width / 2, y: scaleY(value, top, plot) };
  });
}

/** An SVG polyline `points` attribute, rounded to 0.1 unit. */
export function polylinePoints(list: readonly { x: number; y: number }[]): string {
  const round = (n: number) => Math.round(n * 10) / 10;
  return list.map((point) => `${round(point.x)},${round(point.y)}`).join(' ');
}

/** Which of `count` days get an x-axis label: about `wanted` of them, always the last. */
export function labelledIndexes(count: number, wanted = 6): number[] {
  if (count <= 0) return [];
  const every = Math.max(1, Math.ceil(count / wanted));
  const indexes: number[] = [];
  for (let index = count - 1; index >= 0; index -= every) indexes.unshift(index);
  return indexes;
}

/** A compact amount for axis labels: 950, 1.5K, 12K, 3.4M, 1.2B. */
export function compactNumber(value: number): string {
  const abs = Math.abs(value);
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const scaled = value / size;
      const text = Math.abs(scaled) >= 10 ? Math.round(scaled).toString() : scaled.toFixed(1);
      return `${text.replace(/\.0$/, '')}${suffix}`;
    }
  }
  return String(Math.round(value));
}

/** The chart's drawing at a given width in CSS pixels (one SVG unit is one pixel). */
export interface ChartLayout {
  width: number;
  height: number;
  plot: Plot;
  /** About how many days get a date under the x axis. */
  dateLabels: number;
}

/** The narrowest drawing: narrower boxes scale it down rather than squeeze the plot. */
export const minChartWidth = 280;

/**
 * The layout for a box `boxWidth` pixels wide: drawn at that size, so that the axis labels
 * keep their real size on a phone instead of shrinking with the picture; lower and with fewer
 * dates when narrow.
 */
export function chartLayout(boxWidth: number): ChartLayout {
  const width = Math.max(minChartWidth, Math.round(boxWidth));
  const narrow = width < 480;
  const height = narrow ? 240 : 300;
  const left = narrow ? 44 : 56;
  const right = narrow ? 32 : 44;
  const top = 30;
  const bottom = 40;
  const plot = { left, top, width: width - left - right, height: height - top - bottom };
  // A date (`MM-dd`, about 34 px at 11 px) every 56 px at least.
  const dateLabels = Math.max(2, Math.min(6, Math.floor(plot.width / 56)));
  return { width, height, plot, dateLabels };
}
