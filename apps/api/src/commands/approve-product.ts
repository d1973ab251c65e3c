import { createProductRepository } from '../modules/products/products.repository.ts';
import { approveProduct } from '../modules/products/products.service.ts';
import { runCommand } from './command-context.ts';

// npm run products:approve -- <productId>
await runCommand(async ({ database }) => {
  const productId = process.argv[2];
  if (!productId) throw new Error('usage: npm run products:approve -- <productId>');
  const result = await approveProduct(createProductRepository(database), productId);
  if (result === 'not_found') throw new Error(`product ${productId} not found`);
  if (result === 'not_pending') throw new Error(`product ${productId} is not pending review`);
  return `product ${productId} approved: it is now active`;
});
