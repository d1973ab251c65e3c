import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { pdfFile, pngFile } from './seller-api';

/**
 * Fills /products/create as a seller would: title and price typed (and the download limit,
 * when given, typed over the default), a PDF and a thumbnail picked through the drop zones'
 * file inputs; then presses "Create product".
 */
export async function createProductThroughForm(
  user: UserEvent,
  { title, price, downloadLimit }: { title: string; price: string; downloadLimit?: string },
): Promise<void> {
  await user.type(await screen.findByLabelText('Title'), title);
  await user.type(screen.getByLabelText('Price (USD)'), price);
  if (downloadLimit !== undefined) {
    const limit = screen.getByLabelText('Download limit');
    await user.clear(limit);
    await user.type(limit, downloadLimit);
  }
  await user.upload(screen.getByTestId('file-dropzone-input'), pdfFile());
  await user.upload(screen.getByTestId('thumbnail-dropzone-input'), pngFile());
  await screen.findByText('guide.pdf');
  await screen.findByText('cover.png');
  await user.click(screen.getByRole('button', { name: 'Create product' }));
}
