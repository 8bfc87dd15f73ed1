import { Resource } from '@tasreeh/shared';
import { definePolicy, holds } from '../../lib/policy.ts';

/**
 * Who may do what with products (spec resource 16). The spec guards edit-product with
 * read_16/create_16 and names no edit_16 anywhere: create_16 also changes a product.
 */
export const productsPolicy = definePolicy({
  area: 'products',
  routes: {
    read: { permission: { resource: Resource.Products, action: 'read' } },
    change: { permission: { resource: Resource.Products, action: 'create' } },
    catalogue: 'public',
  },
  rules: {
    create: holds(Resource.Products, 'create'),
    update: holds(Resource.Products, 'create'),
  },
});
