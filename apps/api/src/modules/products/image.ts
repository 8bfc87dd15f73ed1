import { translateMessage } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { deleteFileRecord } from '../files/repo.ts';
import * as repo from './repo.ts';

/**
 * Gives a product a new image (type already checked by its bytes). The old image leaves the
 * store; the new one has a new id, so its public address can be cached for good.
 */
export async function replaceProductImage(
  ctx: Ctx,
  store: FileStore,
  id: number,
  file: ReceivedFile | undefined,
) {
  const actor = actorOf(ctx);
  if (!file) throw new AppError('REQUIRED', { status: 400, fields: { file: 'REQUIRED' } });
  const product = await repo.findProduct(ctx.db, id);
  if (!product) throw notFound();
  const previous = product.imageFileId ? await repo.findImageFile(ctx.db, product.imageFileId) : undefined;
  const saved = await store.save(file.bytes, file.mimeType);
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.insertImageFile(tx, saved);
      await repo.setProductImage(tx, id, saved.id);
      if (previous) await deleteFileRecord(tx, previous.id);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'product.image.replace',
        entity: 'products',
        entityId: id,
        before: { imageFileId: previous?.id ?? null },
        after: { imageFileId: saved.id, mimeType: saved.mimeType, sizeBytes: saved.sizeBytes },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    await store.remove(saved.storageKey);
    throw error;
  }
  if (previous) await store.remove(previous.storageKey);
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}

/** The bytes of a product image, for anyone: product images hold no personal data. */
export async function readProductImage(ctx: Ctx, store: FileStore, fileId: string) {
  const file = await repo.findImageFile(ctx.db, fileId);
  if (!file) throw notFound();
  return { bytes: await store.read(file.storageKey), mimeType: file.mimeType };
}
