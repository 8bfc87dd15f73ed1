// First: it decides how every schema below is built (see the file).
import './zod-setup.ts';

export * from './errors.ts';
export * from './hijri.ts';
export * from './identifiers.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './names.ts';
export * from './passwords.ts';
export * from './permissions.ts';
export * from './reference/countries.ts';
export * from './reference/regions.ts';
export * from './schemas/auth.ts';
export * from './schemas/branches.ts';
export * from './schemas/centers.ts';
export * from './schemas/common.ts';
export * from './schemas/contact-change.ts';
export * from './schemas/corporates.ts';
export * from './schemas/courses.ts';
export * from './schemas/fees.ts';
export * from './schemas/lists.ts';
export * from './schemas/permission-groups.ts';
export * from './schemas/products.ts';
export * from './schemas/students.ts';
export * from './schemas/users.ts';
export * from './user-types.ts';
