import { notFound } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { FileKind, publicImageCommand, readPublicImage } from '../files/index.ts';
import { productsPolicy } from './policy.ts';
import * as repo from './repo.ts';

/**
 * Gives a product a new image (type already checked by its bytes). The old image leaves the
 * store; the new one has a new id, so its public address can be cached for good.
 */
export const replaceProductImage = publicImageCommand({
  name: 'product.image.replace',
  entity: 'products',
  kind: FileKind.productImage,
  lock: async (ctx, id) => {
    const product = await repo.lockProduct(ctx.db, id);
    if (!product) throw notFound();
    return product;
  },
  link: repo.setProductImage,
  authorize: productsPolicy.authorize('update'),
});

/** The bytes of a product image, for anyone: product images hold no personal data. */
export function readProductImage(ctx: Ctx, store: FileStore, fileId: string) {
  return readPublicImage(ctx, store, fileId, FileKind.productImage);
}
