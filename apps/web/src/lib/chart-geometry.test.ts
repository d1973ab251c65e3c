import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  bars,
  chartLayout,
  compactNumber,
  labelledIndexes,
  niceCeiling,
  type Plot,
  points,
  polylinePoints,
  scaleY,
  slot,
} from './chart-geometry';

const plot: Plot = { left: 40, top: 10, width: 300, height: 200 };

describe('niceCeiling', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(1.2)).toBe(2);
    expect(niceCeiling(2.2)).toBe(2.5);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(11_250)).toBe(20_000);
    expect(niceCeiling(0.3)).toBeCloseTo(0.5);
  });

  it('is 1 for zero, negative or non-finite values', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(-5)).toBe(1);
    expect(niceCeiling(Number.NaN)).toBe(1);
  });
});

describe('axisTicks', () => {
  it('starts at 0 and covers the maximum in equal steps', () => {
    const ticks = axisTicks(45_000);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(45_000);
    expect(ticks).toEqual([0, 20_000, 40_000, 60_000, 80_000]);
  });

  it('uses whole steps for counts and still draws an axis when all is zero', () => {
    expect(axisTicks(3, 4, true)).toEqual([0, 1, 2, 3, 4]);
    expect(axisTicks(0, 4, true)).toEqual([0, 1, 2, 3, 4]);
    expect(axisTicks(0)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('scaleY', () => {
  it('maps 0 to the bottom and the top value to the top of the plot', () => {
    expect(scaleY(0, 100, plot)).toBe(210);
    expect(scaleY(100, 100, plot)).toBe(10);
    expect(scaleY(50, 100, plot)).toBe(110);
  });

  it('clamps values outside the axis and handles an empty axis', () => {
    expect(scaleY(500, 100, plot)).toBe(10);
    expect(scaleY(-1, 100, plot)).toBe(210);
    expect(scaleY(5, 0, plot)).toBe(210);
  });
});

describe('bars and points', () => {
  it('splits the width into one slot per day', () => {
    expect(slot(0, 3, plot)).toEqual({ x: 40, width: 100 });
    expect(slot(2, 3, plot)).toEqual({ x: 240, width: 100 });
  });

  it('draws bars inside their slots, standing on the baseline', () => {
    const drawn = bars([0, 50, 100], 100, plot, 0.2);
    expect(drawn).toHaveLength(3);
    expect(drawn[0]).toEqual({ x: 50, y: 210, width: 80, height: 0 });
    expect(drawn[1]).toEqual({ x: 150, y: 110, width: 80, height: 100 });
    expect(drawn[2]).toEqual({ x: 250, y: 10, width: 80, height: 200 });
    for (const bar of drawn) expect(bar.y + bar.height).toBe(plot.top + plot.height);
  });

  it('puts points at the centre of each slot', () => {
    expect(points([0, 4], 4, plot)).toEqual([
      { x: 115, y: 210 },
      { x: 265, y: 10 },
    ]);
    expect(polylinePoints([{ x: 1.234, y: 5.678 }])).toBe('1.2,5.7');
  });
});

describe('axis labels', () => {
  it('labels about six of thirty days, always the last one', () => {
    const indexes = labelledIndexes(30);
    expect(indexes.at(-1)).toBe(29);
    expect(indexes.length).toBeLessThanOrEqual(6);
    expect(indexes.length).toBeGreaterThanOrEqual(5);
    expect(labelledIndexes(0)).toEqual([]);
    expect(labelledIndexes(3)).toEqual([0, 1, 2]);
  });

  it('shortens large amounts', () => {
    expect(compactNumber(950)).toBe('950');
    expect(compactNumber(1500)).toBe('1.5K');
    expect(compactNumber(20_000)).toBe('20K');
    expect(compactNumber(3_400_000)).toBe('3.4M');
    expect(compactNumber(1_000_000_000)).toBe('1B');
  });
});

describe('chartLayout', () => {
  it('draws at the width of its box, lower and with fewer dates on a phone', () => {
    const phone = chartLayout(326);
    expect(phone.width).toBe(326);
    expect(phone.height).toBe(240);
    expect(phone.plot.left + phone.plot.width).toBeLessThan(phone.width);
    expect(phone.dateLabels).toBe(4);
    const desktop = chartLayout(1100);
    expect(desktop.height).toBe(300);
    expect(desktop.dateLabels).toBe(6);
  });

  it('never draws narrower than the smallest layout', () => {
    expect(chartLayout(0).width).toBe(280);
  });
});
