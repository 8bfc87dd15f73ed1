import {
  Button,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_VAT_BASIS_POINTS,
  isMessageCode,
  type MessageCode,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  type Product,
  ProductInput,
  parseRiyals,
  productPriceOf,
  toRiyalString,
} from '@tasreeh/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
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
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

/** The shared rules' first message code per field, for the form to show in the current language. */
export function validateProduct(
  values: ProductFormValues,
): Partial<Record<keyof ProductFormValues, MessageCode>> {
  const parsed = ProductInput.safeParse(bodyOf(values));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof ProductFormValues, MessageCode>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof ProductFormValues;
    if (!(field in EMPTY) || errors[field]) continue;
    errors[field] = isMessageCode(issue.message) ? issue.message : 'INVALID_VALUE';
  }
  return errors;
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
  const { message } = useMessages();
  const sending = useRef(false);
  const [image, setImage] = useState<File | null>(null);
  const form = useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(product),
    validate: validateProduct,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const live = livePriceOf(form.values);

  const field = (name: keyof ProductFormValues) => {
    const props = form.getInputProps(name);
    const code = form.errors[name];
    return {
      ...props,
      error: typeof code === 'string' && isMessageCode(code) ? message(code) : undefined,
    };
  };

  const submit = form.onSubmit(
    async (values) => {
      if (sending.current || readOnly) return;
      sending.current = true;
      try {
        await onSubmit(bodyOf(values), image);
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          form.setErrors(error.fields);
          const first = Object.keys(error.fields)[0];
          if (first) form.getInputNode(first)?.focus();
        }
      } finally {
        sending.current = false;
      }
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first)?.focus();
    },
  );

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
              data={PRODUCT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              allowDeselect={false}
              {...field('status')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.names')} disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.nameEn')} required dir="ltr" lang="en" {...field('nameEn')} />
            <TextInput label={t('form.nameAr')} required dir="rtl" lang="ar" {...field('nameAr')} />
            <Textarea
              label={t('form.descriptionEn')}
              dir="ltr"
              lang="en"
              rows={4}
              resize="vertical"
              {...field('descriptionEn')}
            />
            <Textarea
              label={t('form.descriptionAr')}
              dir="rtl"
              lang="ar"
              rows={4}
              resize="vertical"
              {...field('descriptionAr')}
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
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={cancelTo}>
            {t('form.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={submitting} disabled={submitting}>
              {t('form.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
