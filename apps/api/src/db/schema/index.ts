export * from './auth.ts';
export * from './branches.ts';
export * from './centers.ts';
export * from './fees.ts';
export * from './files.ts';
export * from './operations.ts';
export * from './products.ts';
export * from './users.ts';
