import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../components/form/form-page.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { notifyError } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useAbility } from '../../auth/use-ability.ts';
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
  // The screens open with read_16 or create_16 (spec); the policy says who may save.
  const mayCreate = useAbility('products', 'create');
  const canSave = product ? product.abilities.update : mayCreate;
  const save = useSaveProductMutation(product ? String(product.id) : undefined);
  const upload = useUploadProductImageMutation();
  // The product is saved first, then its image; a refused image keeps the saved product and says why.
  const saveThen = useSaveThen(
    ({ body }: { body: ProductBody; image: File | null }) => save.mutateAsync(body),
    async (saved, { image }) => {
      if (image) {
        try {
          await upload.mutateAsync({ id: saved.id, file: image });
        } catch (error) {
          notifyError(`${t('form.imageFailed')} ${errorMessage(error)}`);
          navigate(`/admin/edit-product/${saved.id}`);
          return;
        }
      }
      navigate(LIST_PATH);
    },
  );

  return (
    <FormPage title={product ? t('form.editTitle') : t('form.addTitle')} maxWidth={1040}>
      {!canSave && (
        <Alert color="gray" role="status" mb="lg">
          {t('form.readOnly')}
        </Alert>
      )}
      <ProductForm
        product={product}
        readOnly={!canSave}
        submitting={save.isPending || upload.isPending}
        cancelTo={LIST_PATH}
        onSubmit={(body, image) => saveThen({ body, image })}
      />
    </FormPage>
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
  return (
    <QueryView query={query} notFoundText={t('notFound')}>
      {(product) => <ProductFormScreen key={`${product.id}-${product.updatedAt}`} product={product} />}
    </QueryView>
  );
}
