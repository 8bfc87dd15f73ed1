import type { OpenAPIV3 } from 'openapi-types';
import type { DeclaredRoute } from '../plugins/access.ts';
import { successShapeOf } from './routes.ts';

/**
 * Which routes answer a person's data (decision 0026), read from the route table's response
 * schemas, so that a new route is found without anyone listing it.
 */

/** Properties that are a person's data wherever they appear: identity, contact, photo, birth, a named payer. */
const PERSON_FIELDS = new Set([
  'idNumber',
  'passportNumber',
  'computerNumber',
  'guarantorIdNumber',
  'guarantorComputerNumber',
  'guarantorNameAr',
  'dateOfBirth',
  'phone',
  'mobile',
  'email',
  'username',
  'representativeName',
  'representativeEmail',
  'representativePhone',
  'contactName',
  'photoFileId',
  'idCopyFileId',
  'studentNameEn',
  'studentNameAr',
  'payerName',
  'payerNameEn',
  'payerNameAr',
  'payerNumber',
  'buyerName',
  'maskedIdNumber',
  'maskedNameEn',
  'maskedNameAr',
]);
/** A name is a person's when its object also says whose it is (a course or a branch has a name too). */
const NAME_FIELDS = ['nameEn', 'nameAr', 'name'];
const PERSON_KEYS = ['studentId', 'userId', 'payerId'];

/**
 * What a route's success answers tell of a person: the person fields its 2xx schemas hold, or
 * 'undescribed' when a 2xx answer has no JSON schema (a file, an export, a redirect), which may
 * hold anything and so must be classified too; undefined when it tells nothing of anyone.
 */
export function personDataOf(
  document: OpenAPIV3.Document,
  route: DeclaredRoute,
): string[] | 'undescribed' | undefined {
  const { objects, undescribed } = successShapeOf(document, route);
  const found = new Set<string>();
  for (const keys of objects) {
    for (const key of keys) if (PERSON_FIELDS.has(key)) found.add(key);
    if (keys.some((key) => PERSON_KEYS.includes(key))) {
      for (const key of keys) if (NAME_FIELDS.includes(key)) found.add(key);
    }
  }
  if (found.size > 0) return [...found].sort();
  return undescribed ? 'undescribed' : undefined;
}
