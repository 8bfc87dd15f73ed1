import { notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { FileKind } from '../files/kinds.ts';
import { readPublicImage } from '../files/service.ts';
import { changeStoredFile } from '../files/uploads.ts';
import * as repo from './repo.ts';

/**
 * Gives a product a new image (type already checked by its bytes). The old image leaves the
 * store; the new one has a new id, so its public address can be cached for good.
 */
export const replaceProductImage = command({
  name: 'product.image.replace',
  entity: 'products',
  load: async (ctx, { id }: { id: number; file: ReceivedFile }) => {
    const product = await repo.lockProduct(ctx.db, id);
    if (!product) throw notFound();
    return product;
  },
  run: async (ctx, { id, file }, product) => {
    const change = await changeStoredFile(ctx, {
      file,
      kind: FileKind.productImage,
      ownerUserId: null,
      previousId: product.imageFileId,
      link: (tx, fileId) => repo.setProductImage(tx, id, fileId),
    });
    return { id, change };
  },
  // Ids, type and size of the files: never the bytes the input holds.
  audit: ({ result }) => result.change,
  message: 'RECORDS_UPDATED',
});

/** The bytes of a product image, for anyone: product images hold no personal data. */
export function readProductImage(ctx: Ctx, store: FileStore, fileId: string) {
  return readPublicImage(ctx, store, fileId, FileKind.productImage);
}
