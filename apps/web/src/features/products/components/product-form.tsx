import { Fieldset, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_VAT_BASIS_POINTS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  type Product,
  ProductInput,
  parseRiyals,
  productPriceOf,
  toRiyalString,
} from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from '../../../components/form/bilingual-fields.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { firstIssueCodes, withoutBlanks } from '../../../components/form/schema-errors.ts';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import type { ProductBody } from '../api.ts';
import { ImageField } from './image-field.tsx';
import { type PriceParts, PriceSummary } from './price-summary.tsx';

export interface ProductFormValues {
  type: string;
  code: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  price: string;
  vatRate: string;
  status: string;
}

const EMPTY: ProductFormValues = {
  type: '',
  code: '',
  nameEn: '',
  nameAr: '',
  descriptionEn: '',
  descriptionAr: '',
  price: '',
  vatRate: toRiyalString(DEFAULT_VAT_BASIS_POINTS).replace(/\.00$/, ''),
  status: 'active',
};

/** A stored product as the form's strings (price back from halalas to riyals, VAT from basis points to percent). */
export function valuesOf(product: Product | undefined): ProductFormValues {
  if (!product) return EMPTY;
  return {
    type: product.type,
    code: product.code,
    nameEn: product.nameEn,
    nameAr: product.nameAr,
    descriptionEn: product.descriptionEn ?? '',
    descriptionAr: product.descriptionAr ?? '',
    price: toRiyalString(product.price),
    vatRate: toRiyalString(product.vatRate).replace(/\.00$/, ''),
    status: product.status,
  };
}

/** The body the API takes: the form's strings with blanks left out. */
export function bodyOf(values: ProductFormValues): ProductBody {
  return withoutBlanks(values);
}

/** The shared rules' first message code per field, for the form to show in the current language. */
export function validateProduct(values: ProductFormValues) {
  return firstIssueCodes(ProductInput, bodyOf(values), EMPTY);
}

/** The live total of what is typed, by the shared money module; undefined while a part is not a valid amount. */
export function livePriceOf(values: Pick<ProductFormValues, 'price' | 'vatRate'>): PriceParts | undefined {
  const price = parseRiyals(values.price);
  const vatRate = values.vatRate.trim() === '' ? DEFAULT_VAT_BASIS_POINTS : parseRiyals(values.vatRate);
  if (price === undefined || vatRate === undefined || vatRate > 10_000) return undefined;
  return { price, vatRate, ...productPriceOf({ price, vatRate }) };
}

interface ProductFormProps {
  product?: Product;
  submitting: boolean;
  readOnly: boolean;
  cancelTo: string;
  onSubmit: (body: ProductBody, image: File | null) => Promise<unknown>;
}

/** Add and edit a product (spec §3 Product), checked by the shared ProductInput rules, with its total shown as typed. */
export function ProductForm({ product, submitting, readOnly, cancelTo, onSubmit }: ProductFormProps) {
  const { t } = useTranslation('products');
  const { t: common } = useTranslation('common');
  const [image, setImage] = useState<File | null>(null);
  const form = useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(product),
    validate: validateProduct,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const live = livePriceOf(form.values);

  const { field, submit } = useFormSubmit(form, bodyOf, async (body) => {
    if (!readOnly) await onSubmit(body, image);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('form.main')} disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('form.type')}
              required
              data={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              allowDeselect={false}
              {...field('type')}
            />
            <TextInput
              label={t('form.code')}
              description={t('form.codeHint')}
              required
              dir="ltr"
              maxLength={30}
              {...field('code')}
            />
            <Select
              label={t('form.status')}
              required
              data={PRODUCT_STATUSES.map((status) => ({
                value: status,
                label: common(`statuses.${status}`),
              }))}
              allowDeselect={false}
              {...field('status')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.names')} disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BilingualFields
              required
              en={{ label: t('form.nameEn'), ...field('nameEn') }}
              ar={{ label: t('form.nameAr'), ...field('nameAr') }}
            />
            <BilingualFields
              rows={4}
              en={{ label: t('form.descriptionEn'), ...field('descriptionEn') }}
              ar={{ label: t('form.descriptionAr'), ...field('descriptionAr') }}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.pricing')} disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('form.price')}
              description={t('form.priceHint')}
              required
              inputMode="decimal"
              dir="ltr"
              {...field('price')}
            />
            <TextInput
              label={t('form.vatRate')}
              description={t('form.vatHint')}
              inputMode="decimal"
              dir="ltr"
              {...field('vatRate')}
            />
            <Paper withBorder p="sm" bg="gray.0" aria-live="polite">
              <Title order={2} size="h5" mb="xs">
                {t('form.summary')}
              </Title>
              {live ? (
                <PriceSummary parts={live} namespaceKey="form" />
              ) : (
                <Text size="sm" c="gray.7">
                  {t('form.summaryInvalid')}
                </Text>
              )}
            </Paper>
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.image')} disabled={readOnly}>
          <ImageField
            currentFileId={product?.imageFileId ?? null}
            file={image}
            onChange={setImage}
            disabled={readOnly}
          />
        </Fieldset>
        <FormActions cancelTo={cancelTo} submitting={submitting} canSave={!readOnly} />
      </Stack>
    </form>
  );
}
