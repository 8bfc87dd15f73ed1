import { Alert, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useCan } from '../../auth/use-can.ts';
import {
  type ProductBody,
  productQuery,
  useSaveProductMutation,
  useUploadProductImageMutation,
} from '../api.ts';
import { ProductForm } from '../components/product-form.tsx';

const LIST_PATH = '/admin/product';

function ProductFormScreen({ product }: { product?: Product }) {
  const { t } = useTranslation('products');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  // The screens open with read_16 or create_16 (spec); only create_16 may save, as the API decides.
  const canSave = useCan('create_16');
  const save = useSaveProductMutation(product ? String(product.id) : undefined);
  const upload = useUploadProductImageMutation();

  const submit = async (body: ProductBody, image: File | null) => {
    let saved: { id: number; message: string };
    try {
      saved = await save.mutateAsync(body);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
    if (image) {
      try {
        await upload.mutateAsync({ id: saved.id, file: image });
      } catch (error) {
        notifyError(`${t('form.imageFailed')} ${errorMessage(error)}`);
        navigate(`/admin/edit-product/${saved.id}`);
        return;
      }
    }
    notifySuccess(saved.message);
    navigate(LIST_PATH);
  };

  return (
    <Stack gap="md" maw={1040}>
      <Title order={1} size="h2">
        {product ? t('form.editTitle') : t('form.addTitle')}
      </Title>
      {!canSave && (
        <Alert color="gray" role="status">
          {t('form.readOnly')}
        </Alert>
      )}
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <ProductForm
          product={product}
          readOnly={!canSave}
          submitting={save.isPending || upload.isPending}
          cancelTo={LIST_PATH}
          onSubmit={submit}
        />
      </Paper>
    </Stack>
  );
}

/** `/admin/product-add` (read_16 or create_16). */
export function AddProductPage() {
  return <ProductFormScreen />;
}

/** `/admin/edit-product/:id` (read_16 or create_16): the form filled from the stored product. */
export function EditProductPage() {
  const { t } = useTranslation('products');
  const { id = '' } = useParams();
  const query = useQuery(productQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  return <ProductFormScreen key={`${query.data.id}-${query.data.updatedAt}`} product={query.data} />;
}
