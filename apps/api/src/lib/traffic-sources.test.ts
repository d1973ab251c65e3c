import { describe, expect, it } from 'vitest';
import { sourceName, trafficSource } from './traffic-sources.ts';

describe('source names', () => {
  it.each([
    ['naver.com', 'Naver'],
    ['m.search.naver.com', 'Naver'],
    ['https://blog.naver.com/some/post?x=1', 'Naver'],
    ['NAVER', 'Naver'],
    ['daum.net', 'Daum'],
    ['www.baidu.com', 'Baidu'],
    ['weibo', 'Weibo'],
    ['m.weibo.cn', 'Weibo'],
    ['xiaohongshu', 'Xiaohongshu'],
    ['www.xiaohongshu.com', 'Xiaohongshu'],
    ['xhslink.com', 'Xiaohongshu'],
    ['bilibili', 'Bilibili'],
    ['b23.tv', 'Bilibili'],
    ['https://t.co/abc', 'X'],
    ['x.com', 'X'],
    ['twitter.com', 'X'],
  ])('names %s %s', (sent, name) => {
    expect(sourceName(sent)).toBe(name);
  });

  it('keeps an unknown host or name as it is, trimmed', () => {
    expect(sourceName(' newsletter ')).toBe('newsletter');
    expect(sourceName('Example.org')).toBe('Example.org');
    expect(sourceName('https://www.example.org/page')).toBe('www.example.org');
    // Not mistaken for X or Naver by a letter or a likeness.
    expect(sourceName('xerox.com')).toBe('xerox.com');
    expect(sourceName('navers.example')).toBe('navers.example');
  });

  it('is empty when nothing was told', () => {
    expect(sourceName(undefined)).toBe('');
    expect(sourceName(null)).toBe('');
    expect(sourceName('  ')).toBe('');
  });

  it("takes the utm_source when there is no source, the source's name otherwise", () => {
    expect(trafficSource(null, 'naver')).toBe('Naver');
    expect(trafficSource('daum.net', 'naver')).toBe('Daum');
    expect(trafficSource(undefined, undefined)).toBe('');
  });
});
