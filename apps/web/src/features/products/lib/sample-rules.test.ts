import { describe, expect, it } from 'vitest';
import { sellsPdfsWithoutSample } from './sample-rules';

const pdf = { file_extension: 'PDF', is_sample: false, sample_pages: 0 };
const zip = { file_extension: 'zip', is_sample: false, sample_pages: 0 };

describe('sellsPdfsWithoutSample', () => {
  it('is true for PDFs with no sample of any file', () => {
    expect(sellsPdfsWithoutSample([pdf, zip])).toBe(true);
  });
  it('is false once a PDF offers sample pages or any file is given whole', () => {
    expect(sellsPdfsWithoutSample([{ ...pdf, sample_pages: 3 }, zip])).toBe(false);
    expect(sellsPdfsWithoutSample([pdf, { ...zip, is_sample: true }])).toBe(false);
  });
  it('is false without PDFs', () => {
    expect(sellsPdfsWithoutSample([zip])).toBe(false);
    expect(sellsPdfsWithoutSample([])).toBe(false);
  });
});
