export * from './errors.ts';
export * from './identifiers.ts';
export * from './messages.ts';
export * from './passwords.ts';
export * from './permissions.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './user-types.ts';
