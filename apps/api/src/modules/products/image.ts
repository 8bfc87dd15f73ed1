import { translateMessage } from '@tasreeh/shared';
import { notFound } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { type ReceivedFile, requireFile } from '../../lib/multipart.ts';
import { FileKind } from '../files/kinds.ts';
import { readPublicImage } from '../files/service.ts';
import { replaceFile } from '../files/uploads.ts';
import * as repo from './repo.ts';

/**
 * Gives a product a new image (type already checked by its bytes). The old image leaves the
 * store; the new one has a new id, so its public address can be cached for good.
 */
export async function replaceProductImage(
  ctx: Ctx,
  store: FileStore,
  id: number,
  received: ReceivedFile | undefined,
) {
  const file = requireFile(received, 'file');
  const product = await repo.findProduct(ctx.db, id);
  if (!product) throw notFound();
  await replaceFile(ctx, store, {
    file,
    kind: FileKind.productImage,
    ownerUserId: null,
    previousId: product.imageFileId,
    link: (tx, fileId) => repo.setProductImage(tx, id, fileId),
    audit: { action: 'product.image.replace', entity: 'products', entityId: id },
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}

/** The bytes of a product image, for anyone: product images hold no personal data. */
export function readProductImage(ctx: Ctx, store: FileStore, fileId: string) {
  return readPublicImage(ctx, store, fileId, FileKind.productImage);
}
