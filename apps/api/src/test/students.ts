let seed = 0;

/** A complete, valid student for the back-office form, unique within the test run; overrides replace fields. */
export function newStudentFields(branchId: number, overrides: Record<string, unknown> = {}) {
  seed++;
  return {
    fullNameAr: 'أمين حسين',
    fullNameEn: `Amin Hussain ${seed}`,
    email: `amin${seed}@example.com`,
    dateOfBirth: '1990-07-01',
    nationality: 'BD',
    gender: 'male',
    mobile: `0583${String(seed).padStart(6, '0')}`,
    region: 'SA-01',
    city: 'riyadh',
    branchId,
    idType: 'passport',
    idNumber: `BD${String(seed).padStart(7, '0')}`,
    occupation: 'Baker',
    ...overrides,
  };
}
