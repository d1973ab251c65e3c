import type { ProductFile } from '@seller/contract/products/product';

/** A PDF among the product's files, by its extension (what the server checks by content). */
export function isPdf(file: Pick<ProductFile, 'file_extension'>): boolean {
  return file.file_extension.toLowerCase() === 'pdf';
}

/**
 * The product sells PDFs and offers no sample of any file: Korean buyers may then withdraw
 * from the purchase after downloading (a sample offered is what limits that withdrawal).
 */
export function sellsPdfsWithoutSample(
  files: readonly Pick<ProductFile, 'file_extension' | 'is_sample' | 'sample_pages'>[],
): boolean {
  return files.some(isPdf) && !files.some((file) => file.is_sample || file.sample_pages > 0);
}
