import { describe, expect, it } from 'vitest';
import { showsYuan, wonToYuan } from './won-to-yuan';

describe('won to yuan', () => {
  it('converts through the dollar rates, to one decimal', () => {
    expect(wonToYuan(13_800, { krw: 1380, cny: 7.2 })).toBe(72);
    expect(wonToYuan(1000, { krw: 1380, cny: 7.2 })).toBe(5.2);
    expect(wonToYuan(1000, { krw: 0, cny: 7.2 })).toBe(0);
  });

  it('rounds halves up: 400 won at 1200 won and 7.05 yuan to the dollar is 2.35 yuan', () => {
    expect(wonToYuan(400, { krw: 1200, cny: 7.05 })).toBe(2.4);
    expect(wonToYuan(200, { krw: 1400, cny: 7.35 })).toBe(1.1);
  });

  it('is shown to Chinese sellers only', () => {
    expect(showsYuan('zh')).toBe(true);
    expect(showsYuan('zh-CN')).toBe(true);
    expect(showsYuan('ko')).toBe(false);
    expect(showsYuan('en')).toBe(false);
  });
});
