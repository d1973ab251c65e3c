// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClampedText } from './clamped-text';

/** A ResizeObserver whose reports the test sends, as the browser would after its layout. */
class ReportingObserver {
  static instances: ReportingObserver[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    ReportingObserver.instances.push(this);
  }
  observe() {}
  unobserve() {}
  disconnect() {}
  report() {
    this.callback([], this as unknown as ResizeObserver);
  }
}

/** The browser's reports after its layout, to every observer. */
function reportSizes() {
  for (const observer of ReportingObserver.instances) observer.report();
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  ReportingObserver.instances = [];
});

/** The text's box: two lines shown of `lines`, and how often its height was read. */
function laidOut(lines: number) {
  const reads = { count: 0 };
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => {
    reads.count++;
    return lines * 20;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => 40);
  return reads;
}

describe('a text cut after two lines', () => {
  it('reads its size once the browser has laid it out, not while React commits', () => {
    vi.stubGlobal('ResizeObserver', ReportingObserver);
    const reads = laidOut(5);
    render(<ClampedText text="A very long title" testId="title" />);
    // Reading a size inside the commit would force a layout of the whole page there.
    expect(reads.count).toBe(0);
    expect(screen.queryByRole('button')).toBeNull();

    act(reportSizes);
    expect(reads.count).toBeGreaterThan(0);
    const more = screen.getByRole('button');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    act(() => more.click());
    expect(screen.getByRole('button').getAttribute('aria-expanded')).toBe('true');
  });

  it('offers no button for a text that fits', () => {
    vi.stubGlobal('ResizeObserver', ReportingObserver);
    laidOut(2);
    render(<ClampedText text="Short" />);
    act(reportSizes);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
