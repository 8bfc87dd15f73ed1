import {
  CORPORATE_ATTACHMENT_KINDS,
  CORPORATE_ATTACHMENT_RULE,
  type Corporate,
  type CorporateAttachment,
  CorporateInput,
  type MessageCode,
} from '@tasreeh/shared';
import { firstIssueCodes } from '../../../components/form/schema-errors.ts';
import type { CorporateBody } from '../api.ts';

/** The text fields of the form, as the API names them (spec §3 Corporate). */
export const TEXT_FIELDS = [
  'nameEn',
  'nameAr',
  'type',
  'category',
  'crNumber',
  'crExpiry',
  'activityLicenceNumber',
  'activityLicenceExpiry',
  'vatNumber',
  'subMunicipalityLicenceNumber',
  'subMunicipalityCode',
  'subMunicipalityExpiry',
  'municipality',
  'guarantorNameAr',
  'guarantorIdNumber',
  'guarantorComputerNumber',
  'representativeName',
  'representativeEmail',
  'representativePhone',
  'headOfficeRegion',
  'headOfficeCity',
  'headOfficePhone',
  'location',
  'dimensionValue',
  'virtualIban',
] as const;
export type CorporateTextField = (typeof TEXT_FIELDS)[number];

/** Everything the form holds: the text as typed, and the copies chosen to upload (or none). */
export type CorporateFormValues = Record<CorporateTextField, string> &
  Record<CorporateAttachment, File | null>;
export type CorporateField = keyof CorporateFormValues;
export type CorporateFormErrors = Partial<Record<CorporateField, MessageCode>>;

/** A stored corporate (or nothing) as the form's values; no copy is chosen yet. */
export function valuesOf(corporate: Corporate | undefined): CorporateFormValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((name) => [name, corporate?.[name] ?? ''])) as Record<
    CorporateTextField,
    string
  >; // Safe: one entry per name of TEXT_FIELDS, each a string.
  return { ...text, crCopy: null, licenceCopy: null };
}

/** The body the API takes: the text trimmed, blanks left out (the copies go separately). */
export function bodyOf(values: CorporateFormValues): CorporateBody {
  const body: CorporateBody = {};
  for (const name of TEXT_FIELDS) {
    const value = values[name].trim();
    if (value) body[name] = value;
  }
  return body;
}

/** The file types a copy may be, as people know them. */
export const FILE_TYPE_NAMES = 'PDF, JPEG, PNG';

/** A chosen copy's first problem: larger than allowed, or not a PDF, JPEG or PNG (the server checks the bytes too). */
export function fileProblemOf(file: File | null): MessageCode | undefined {
  if (!file) return undefined;
  if (file.size > CORPORATE_ATTACHMENT_RULE.maxMegabytes * 1024 * 1024) return 'FILE_TOO_LARGE';
  const types: readonly string[] = CORPORATE_ATTACHMENT_RULE.types;
  if (!types.includes(file.type)) return 'FILE_TYPE_NOT_ALLOWED';
  return undefined;
}

function isTextField(name: string): name is CorporateTextField {
  return (TEXT_FIELDS as readonly string[]).includes(name);
}

/** The form field an API field belongs to: a text field (the copies are sent on their own, after the save). */
export function formFieldOf(name: string): CorporateTextField | undefined {
  return isTextField(name) ? name : undefined;
}

/** The shared rules' first message per field (the ones the API answers with), and the copies' checks. */
export function validateCorporate(values: CorporateFormValues): CorporateFormErrors {
  const errors: CorporateFormErrors = firstIssueCodes(CorporateInput, bodyOf(values), values);
  for (const kind of CORPORATE_ATTACHMENT_KINDS) {
    const problem = fileProblemOf(values[kind]);
    if (problem) errors[kind] = problem;
  }
  return errors;
}
